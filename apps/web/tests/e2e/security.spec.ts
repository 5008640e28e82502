import type { Page } from "@playwright/test";
import { expect, failedResource, open, test, visibleToast } from "./support/fixtures";
import { startFakeStoreApi, startWebServer, type RunningServer } from "./support/servers";

/** Script injection attempts, each of which would set window.__xss or open a dialog if it ran. */
const payloads = [
  "<script>window.__xss=1</script>",
  '<img src=x onerror="window.__xss=1">',
  "<svg onload=window.__xss=1>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="javascript:window.top.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click me</a>',
  "<body onload=window.__xss=1>",
  "<input autofocus onfocus=window.__xss=1>",
  "<details open ontoggle=window.__xss=1>",
  '<video><source onerror="window.__xss=1"></video>',
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=alert(1)>",
  "</title><script>window.__xss=1</script>",
  "</script><script>window.__xss=1</script>",
  "<style>@import 'javascript:window.__xss=1';</style>",
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<link rel=stylesheet href="javascript:window.__xss=1">',
  '<div style="background:url(javascript:window.__xss=1)">x</div>',
  '<a href="jav&#x09;ascript:window.__xss=1">tab</a>',
  '<img src="x" onerror="&#119;indow.__xss=1">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  "<template><script>window.__xss=1</script></template>",
  '<base href="javascript:window.__xss=1//">',
  "<marquee onstart=window.__xss=1>x</marquee>",
  "<select autofocus onfocus=window.__xss=1></select>",
  "<textarea autofocus onfocus=window.__xss=1></textarea>",
  "{{constructor.constructor('window.__xss=1')()}}",
  "<img src=x:alert(1) onerror=eval(src)>",
  "<scr<script>ipt>window.__xss=1</scr</script>ipt>",
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
];

const pick = (index: number) => payloads[index % payloads.length] ?? "";
const hostileProducts = payloads.map((_payload, index) => ({
  id: `prod_hostile_${index}`,
  title: pick(index),
  subtitle: pick(index + 1),
  ribbon_text: pick(index + 2),
  description: `<p>Harmless text.</p>${pick(index + 3)}${pick(index + 4)}`,
  thumbnail: null,
  purchasable: true,
  site_product_selection: null,
  images: [],
  media: [],
  variants: [
    {
      id: `var_hostile_${index}`,
      title: pick(index + 5),
      sku: pick(index + 6),
      prices: [
        {
          amount: 1000,
          sale_amount: null,
          currency_code: "NPR",
          currency: { code: "NPR", symbol: "Rs", template: "Rs. $1" },
        },
      ],
      manage_inventory: false,
      inventory_quantity: 5,
    },
  ],
}));
const hostileList = { count: hostileProducts.length, offset: 0, limit: 100, products: hostileProducts };

async function expectNothingRan(page: Page, dialogs: string[]) {
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test.describe("untrusted catalogue text", () => {
  // Harmless leftovers such as <img src="x"> load nothing and say so in the console.
  test.use({ allowConsoleErrors: failedResource });
  let fake: RunningServer;
  let shop: RunningServer;
  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    fake = await startFakeStoreApi((request, response) => {
      const url = new URL(request.url ?? "/", "http://fake");
      const json = (body: unknown) =>
        response
          .writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" })
          .end(JSON.stringify(body));
      const single = /\/products\/([^/]+)$/.exec(url.pathname)?.[1];
      if (single !== undefined) {
        const product = hostileProducts.find((candidate) => candidate.id === decodeURIComponent(single));
        if (product === undefined) response.writeHead(404).end();
        else json({ product });
      } else if (url.pathname.endsWith("/variants")) json({ variants: [] });
      else json(hostileList);
    });
    shop = await startWebServer(fake.url);
  });
  test.afterAll(async () => {
    await shop.stop();
    await fake.stop();
  });

  test(`${payloads.length} injection payloads in titles, subtitles, ribbons and descriptions never run`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${shop.url}/`);
    await expect(page.getByTestId("product-card")).toHaveCount(payloads.length);
    await expectNothingRan(page, dialogs);

    await page.goto(`${shop.url}/store`);
    await expect(page.getByTestId("product-card")).toHaveCount(payloads.length);
    // Titles are shown as the text they are.
    await expect(page.getByRole("link", { name: payloads[0], exact: true })).toBeVisible();
    await expectNothingRan(page, dialogs);

    for (const product of hostileProducts) {
      await page.goto(`${shop.url}/product/${product.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
      await expect(page.getByTestId("product-description")).toContainText("Harmless text.");
      // The product's structured data still parses to the same title: nothing closed its script early.
      const data = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(data.map((block) => (JSON.parse(block) as { name?: string }).name)).toContain(product.title);
      await expectNothingRan(page, dialogs);
    }
  });
});

test.describe("an outage of the store", () => {
  test.use({ allowConsoleErrors: failedResource });
  let silent: RunningServer;
  let shop: RunningServer;
  // Generous on purpose: what is tested is that the shop gives up on the store (after its 2.5 s timeout)
  // instead of waiting for it, not how fast a busy machine renders the error page.
  const patience = 15_000;
  test.beforeAll(async () => {
    // An extra web server compresses its whole build as it starts: slow on a loaded machine.
    test.setTimeout(180_000);
    // A store that accepts every request and never answers.
    silent = await startFakeStoreApi(() => undefined);
    shop = await startWebServer(silent.url);
  });
  test.afterAll(async () => {
    await shop.stop();
    await silent.stop();
  });

  test("catalogue pages give up on a store that never answers and show the error texts; static pages are unaffected", async ({
    request,
    page,
  }) => {
    test.setTimeout(90_000);
    const store = await request.get(`${shop.url}/store`, { timeout: patience });
    expect(store.status()).toBe(503);
    expect(await store.text()).toContain("Error loading products: The store did not answer in time");
    const product = await request.get(`${shop.url}/product/prod_himalayan_resin`, { timeout: patience });
    expect(product.status()).toBe(503);
    expect(await product.text()).toContain("Error loading product: The store did not answer in time");
    for (const path of ["/", "/blog", "/shilajit-in-uae", "/success"]) {
      expect((await request.get(`${shop.url}${path}`, { timeout: patience })).status()).toBe(200);
    }
    const sitemap = await request.get(`${shop.url}/sitemap.xml`, { timeout: patience });
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain(`/blog</loc>`);
    await page.goto(`${shop.url}/store`, { timeout: patience, waitUntil: "commit" });
    await expect(page.getByRole("alert")).toHaveText("Error loading products: The store did not answer in time");
  });
});

test.describe("a stale cart", () => {
  test.use({ allowConsoleErrors: failedResource });

  function storedLine(variantId: string, title: string, quantity: number) {
    return {
      product: { id: "prod_x", title, imageUrl: null },
      variant: { id: variantId, title: "Kit", manageInventory: true, priceInCents: 150000, salePriceInCents: null },
      quantity,
    };
  }

  for (const [name, line, message] of [
    [
      "a product that no longer exists",
      storedLine("var_discontinued", "Old Shilajit Bundle", 1),
      "Old Shilajit Bundle (Kit) is no longer available. Please remove it from your cart.",
    ],
    [
      "more than is left",
      storedLine("var_starter_kit", "Shilajit Starter Kit", 40),
      "Only 3 of Shilajit Starter Kit (Kit) left. Please lower the quantity in your cart.",
    ],
  ] as const) {
    test(`checkout explains a line with ${name}`, async ({ page }) => {
      await page.addInitScript(
        (value) => {
          if (sessionStorage.getItem("seeded") === null) {
            localStorage.setItem("e-commerce-cart", value);
            sessionStorage.setItem("seeded", "1");
          }
        },
        JSON.stringify([line]),
      );
      await open(page, "/store");
      await page.getByRole("button", { name: /Open cart/ }).click();
      await page.getByRole("button", { name: "Proceed to Checkout" }).click();
      const toast = visibleToast(page);
      await expect(toast).toContainText("Checkout Error");
      await expect(toast).toContainText(message);
      await expect(page).toHaveURL(/\/store$/);
    });
  }
});
