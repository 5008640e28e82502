import { expect, test } from "./support/fixtures";
import { rawExchange, statusOf } from "./support/raw-http";
import { realApiJson, startFakeStoreApi, startWebServer, type RunningServer } from "./support/servers";
import { sharedReadsMs } from "../../server/shared-reads";

// What an attacker's traffic may cost the web server.
test.describe("limits of the web server", () => {
  let fake: RunningServer;
  let shop: RunningServer;
  const calls = { productList: 0 };
  /** Product pages of ids starting `slow_` wait this long for the store, holding their render slot. */
  const slowProductMs = 4_000;

  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    const list = await realApiJson("/products");
    fake = await startFakeStoreApi((request, response) => {
      const url = request.url ?? "";
      if (/\/products(\?|$)/.test(url)) {
        calls.productList += 1;
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
        return;
      }
      const notFound = () =>
        response
          .writeHead(404, { "content-type": "application/json" })
          .end('{"error":{"code":"not_found","message":"Product not found"}}');
      if (url.includes("/products/slow_")) setTimeout(notFound, slowProductMs);
      else notFound();
    });
    shop = await startWebServer(fake.url, {
      // One render at a time and one waiting: a handful of slow requests fill the server.
      RENDER_CONCURRENCY: "1",
      RENDER_QUEUE: "1",
      // Short, but not so short that a busy test machine trips them on ordinary requests.
      HEADERS_TIMEOUT_MS: "2000",
      REQUEST_TIMEOUT_MS: "4000",
      // The slow product pages wait longer than that for the store, and must not time out on it.
      STORE_API_TIMEOUT_MS: "10000",
    });
  });
  test.afterAll(async () => {
    await shop.stop();
    await fake.stop();
  });

  test("cache-busting query strings share one render of the page", async ({ request }) => {
    const before = calls.productList;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => request.get(`${shop.url}/store?r=${index}-${Math.random()}`)),
    );
    for (const answer of answers) expect(answer.status()).toBe(200);
    expect(calls.productList - before).toBe(1);
  });

  test("when every render slot is taken, renders get 503 with Retry-After while prerendered and recent pages stay fast", async ({
    request,
  }) => {
    // Recent renders of / and /store to fall back on, then let them expire (the cache keeps pages 1 s).
    for (const path of ["/", "/store"]) expect((await request.get(`${shop.url}${path}`)).status()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const listCallsBefore = calls.productList;

    // Which answers came back, in order: the renders that hold the slot and the queue place end 404 (the
    // fake store knows no such product) once the slow store answers; the refused ones end 503.
    const settled: number[] = [];
    const slow = Array.from({ length: 6 }, (_, index) =>
      request.get(`${shop.url}/product/slow_${index}`).then((answer) => {
        settled.push(answer.status());
        return answer;
      }),
    );
    // Give the six requests time to take the slot and the queue place.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const path of ["/blog", "/", "/store"]) {
      const answer = await request.get(`${shop.url}${path}`);
      expect(answer.status(), path).toBe(200);
      // Answered while the slow renders still hold the slot: the page did not wait for one.
      expect(settled, path).not.toContain(404);
    }
    // / and /store came from their recent renders, not from new ones.
    expect(calls.productList).toBe(listCallsBefore);

    const answers = await Promise.all(slow);
    const statuses = answers.map((answer) => answer.status()).sort();
    expect(statuses).toEqual([404, 404, 503, 503, 503, 503]);
    for (const answer of answers.filter((entry) => entry.status() === 503)) {
      expect(answer.headers()["retry-after"]).toBe("2");
      expect(answer.headers()["cache-control"]).toBe("no-store");
    }
    // The refused ones did not wait for a slot: every 503 came back before the first render finished.
    expect(settled.slice(0, 4)).toEqual([503, 503, 503, 503]);
  });

  test("a client that sends its headers slowly is cut off after HEADERS_TIMEOUT_MS", async () => {
    const answer = await rawExchange(shop.url, "GET /blog HTTP/1.1\r\nHost: localhost\r\n", {
      trickle: "X-Slow: " + "a".repeat(150),
      everyMs: 100,
      giveUpMs: 14_000,
    });
    expect(answer.closed).toBe(true);
    expect(statusOf(answer.received)).toBe(408);
    // Never before the allowance; and while the client was still sending (a load may only delay the cut).
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(1_900);
    expect(answer.unsent).toBeGreaterThan(0);
  });

  test("a client that trickles its body is cut off after REQUEST_TIMEOUT_MS", async () => {
    const answer = await rawExchange(
      shop.url,
      "GET /blog HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n",
      { trickle: "b".repeat(100), everyMs: 150, giveUpMs: 14_000 },
    );
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(3_900);
    expect(answer.unsent).toBeGreaterThan(0);
  });
});

// PAGE_CACHE_SECONDS=0 turns the page micro-cache off.
test.describe("the page cache turned off (PAGE_CACHE_SECONDS=0)", () => {
  const metricsToken = "server-limits-metrics-token-0123456789abcdef";
  let fake: RunningServer;
  let shop: RunningServer;
  let listCalls = 0;
  let firstTitle = "";

  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    const list = (await realApiJson("/products")) as { products: Array<{ title: string }> };
    fake = await startFakeStoreApi((request, response) => {
      if (/\/products(\?|$)/.test(request.url ?? "")) {
        listCalls += 1;
        const [first, ...rest] = list.products;
        const renamed = { ...list, products: [{ ...first, title: firstTitle }, ...rest] };
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(renamed));
        return;
      }
      response
        .writeHead(404, { "content-type": "application/json" })
        .end('{"error":{"code":"not_found","message":"Not found"}}');
    });
    shop = await startWebServer(fake.url, { PAGE_CACHE_SECONDS: "0", METRICS_TOKEN: metricsToken });
  });
  test.afterAll(async () => {
    await shop.stop();
    await fake.stop();
  });

  test("every request renders afresh, and a change in the store shows once the store's answer has expired", async ({
    request,
  }) => {
    const renders = async () => {
      const answer = await request.get(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(answer.status()).toBe(200);
      // No line until the first page is looked up.
      return Number(/herbo_web_page_cache_lookups_total\{outcome="miss"\} (\d+)/.exec(await answer.text())?.[1] ?? 0);
    };
    const rendersBefore = await renders();
    const callsBefore = listCalls;
    for (const title of ["Resin renamed once", "Resin renamed twice", "Resin renamed thrice"]) {
      firstTitle = title;
      // Renders share the store's catalogue answers for as long as the store API keeps them itself.
      await new Promise((resolve) => setTimeout(resolve, sharedReadsMs + 100));
      for (let repeat = 0; repeat < 2; repeat += 1) {
        const answer = await request.get(`${shop.url}/store`);
        expect(answer.status()).toBe(200);
        expect(await answer.text()).toContain(title);
      }
    }
    expect((await renders()) - rendersBefore).toBe(6);
    expect(listCalls - callsBefore).toBeGreaterThanOrEqual(3);
  });
});
