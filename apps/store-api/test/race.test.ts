import { afterEach, describe, expect, it } from "vitest";
import { readSeedCatalog } from "../src/catalog/seed.ts";
import {
  checkoutBody,
  databaseKinds,
  payForm,
  postJson,
  sessionIdOf,
  snapshot,
  startApi,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();
const buyers = 200;
const stock = 10;

async function raceForKit(api: RunningApi) {
  const answers = await Promise.all(
    Array.from({ length: buyers }, async () => {
      const response = await postJson(
        `${api.storeUrl}/checkout`,
        checkoutBody([{ variant_id: "var_starter_kit", quantity: 1 }]),
      );
      return { status: response.status, body: (await response.json()) as { url?: string; error?: { code: string } } };
    }),
  );
  const won = answers.filter((answer) => answer.status === 200).map((answer) => sessionIdOf(answer.body.url ?? ""));
  const lost = answers.filter((answer) => answer.status !== 200);
  return { won, lost };
}

describe.each(kinds)("money and stock under a rush on %s", (kind) => {
  let api: RunningApi;
  afterEach(async () => {
    await api.close();
  });

  it(`${buyers} buyers race for ${stock} units: exactly ${stock} are sold, stock never goes negative`, async () => {
    const catalog = await readSeedCatalog();
    const kit = catalog.products.find((product) => product.id === "prod_starter_kit")?.variants[0];
    if (kit === undefined) throw new Error("The seed has no starter kit");
    kit.stock = stock;
    api = await startApi(kind, { catalog });

    const first = await raceForKit(api);
    expect(first.won).toHaveLength(stock);
    expect(first.lost).toHaveLength(buyers - stock);
    for (const loser of first.lost) {
      expect(loser.status).toBe(409);
      expect(loser.body.error?.code).toBe("insufficient_inventory");
    }

    // Nobody pays: the reservations expire and the units go back on sale, to exactly 10 new winners.
    api.clock.advance(30 * 60_000 + 1);
    const second = await raceForKit(api);
    expect(second.won).toHaveLength(stock);
    expect((await snapshot(api.db)).stock.var_starter_kit).toEqual({ onHand: stock, reserved: stock });

    // Every winner pays, twice over and all at once; one order each.
    const payments = await Promise.all(
      [...second.won, ...second.won].map((sessionId) =>
        payForm(api.baseUrl, sessionId, { number: "4242424242424242" }),
      ),
    );
    for (const payment of payments) expect(payment.status).toBe(303);
    const after = await snapshot(api.db);
    expect(after.orders).toBe(stock);
    expect(after.stock.var_starter_kit).toEqual({ onHand: 0, reserved: 0 });

    // Sold out: the next rush sells nothing.
    const third = await raceForKit(api);
    expect(third.won).toHaveLength(0);
    expect((await snapshot(api.db)).stock.var_starter_kit).toEqual({ onHand: 0, reserved: 0 });
    // 600 requests through one embedded database: a loaded machine needs more than the default minute.
  }, 240_000);
});

describe.each(kinds)("checkout rate limit on %s", (kind) => {
  let api: RunningApi;
  afterEach(async () => {
    await api.close();
  });

  it("counts one address's checkouts across API copies on one database", async () => {
    api = await startApi(kind, { checkoutRateLimit: 3 });
    const copy = await api.startCopy();
    try {
      const statuses: number[] = [];
      for (const storeUrl of [api.storeUrl, copy.storeUrl, api.storeUrl, copy.storeUrl]) {
        const response = await postJson(
          `${storeUrl}/checkout`,
          checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }]),
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // A new window starts after a minute.
      api.clock.advance(60_000);
      const later = await postJson(
        `${copy.storeUrl}/checkout`,
        checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }]),
      );
      expect(later.status).toBe(200);
    } finally {
      await copy.close();
    }
  });

  it("answers 429 with Retry-After past the limit, and writes nothing for it", async () => {
    api = await startApi(kind, { checkoutRateLimit: 3 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const ok = await postJson(
        `${api.storeUrl}/checkout`,
        checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }]),
      );
      expect(ok.status).toBe(200);
    }
    const before = await snapshot(api.db);
    const limited = await postJson(
      `${api.storeUrl}/checkout`,
      checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }]),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect(await snapshot(api.db)).toEqual(before);
    // Browsing is never limited.
    expect((await fetch(`${api.storeUrl}/products`)).status).toBe(200);
  });
});
