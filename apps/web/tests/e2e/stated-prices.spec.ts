import type { AdminPrice, AdminPrices } from "@herbo/hosted-api/admin";
import type { Page } from "@playwright/test";
import { ownerApi } from "./support/back-office";
import { expect, test } from "./support/fixtures";

/**
 * A price a page states is a promise. After the owner changes the 10 g jar's prices, every page that names
 * its price says the new one, in its market's currency: the homes' heroes and About text, the Nepal page
 * (hero, order line, description, structured data), the country pages, the articles that quote it, and the
 * product cards. This file runs in its own project after every other browser test (playwright.config.ts),
 * because the flagship's price is what the other tests read; it puts the prices back when it is done.
 */
const variantId = "var_resin_10g";
const changed = { NPR: 135000, USD: 3199, AED: 11500 } as const;

async function jsonLdOffers(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as { offers?: unknown }).flatMap((data) => data.offers ?? []);
}

test("after the owner changes the 10 g jar's prices, every page that states its price says the new one", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerApi();
  const before = (await (await owner("/prices")).json()) as AdminPrices;
  const variant = before.products.flatMap((product) => product.variants).find((entry) => entry.id === variantId);
  if (variant === undefined) throw new Error(`No ${variantId} in the price lists`);
  const originalPrices: AdminPrice[] = variant.prices.map(({ currencyCode, amount, saleAmount }) => ({
    currencyCode,
    amount,
    saleAmount,
  }));

  // With the seed catalogue, the pages read as the shop has always written them.
  await page.goto("/");
  await expect(page.getByTestId("hero-price")).toHaveText("1,200 rupees");

  const newPrices = originalPrices.map((price) => {
    const amount = changed[price.currencyCode as keyof typeof changed];
    return amount === undefined ? price : { ...price, amount };
  });
  const saved = await owner(`/variants/${variantId}/prices`, {
    method: "PUT",
    body: { version: variant.version, prices: newPrices },
  });
  expect(saved.status).toBe(200);
  try {
    // Pages are cached for a second and the store's catalogue answer too: a reload after that shows it.
    const shows = async (path: string, check: () => Promise<void>) =>
      expect(async () => {
        await page.goto(path);
        await check();
      }).toPass({ timeout: 15_000 });

    await shows("/", async () => {
      await expect(page.getByTestId("hero-price")).toHaveText("1,350 rupees");
      await expect(page.locator("#about")).toContainText("In Nepal, our resin starts at Rs. 1350.00,");
      await expect(page.locator("#products").getByTestId("price").first()).toHaveText("Rs. 1350.00");
    });
    await expect(page.locator("main")).not.toContainText(/1,200|1200\.00/);

    await shows("/us", async () => {
      await expect(page.getByTestId("hero-price")).toHaveText("$31.99");
      await expect(page.locator("#about")).toContainText("In the United States, our resin starts at $31.99,");
    });

    await shows("/shilajit-nepal", async () => {
      await expect(page.getByText(/purified in small batches, from Rs\. 1350\.00 with free delivery/)).toBeVisible();
      await expect(page.locator("#order-now")).toContainText("Rs. 1350.00 per jar");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /from Rs\. 1350\.00\./);
      expect(await jsonLdOffers(page)).toEqual([expect.objectContaining({ priceCurrency: "NPR", price: "1350" })]);
    });
    await expect(page.locator("main")).not.toContainText(/1,200|1200\.00/);

    await shows("/shilajit-in-usa", async () => {
      expect(await jsonLdOffers(page)).toEqual([expect.objectContaining({ priceCurrency: "USD", price: "31.99" })]);
      await expect(page.locator("main")).toContainText("31.99");
    });

    await shows("/blog/where-to-buy-authentic-shilajit-in-nepal", async () => {
      await expect(page.locator("article")).toContainText("starts at Rs. 1350.00 in our store");
    });
    await shows("/blog/buying-genuine-shilajit-in-uae-what-to-watch-out-for", async () => {
      await expect(page.locator("article")).toContainText(/our own resin starts at AED\s115\.00 on our UAE page/);
    });

    // The shopping feeds are read from the store when fetched, so Google and Meta get the new price too.
    await expect(async () => {
      const google = await (await page.request.get("/feeds/google/us.xml")).text();
      expect(google).toMatch(/<g:id>var_resin_10g<\/g:id>(?:(?!<\/item>).)*<g:price>31\.99 USD<\/g:price>/s);
      const meta = await (await page.request.get("/feeds/meta/np.csv")).text();
      expect(meta).toMatch(/^var_resin_10g,.*,1350\.00 NPR,/m);
    }).toPass({ timeout: 15_000 });
  } finally {
    const now = (await (await owner("/prices")).json()) as AdminPrices;
    const current = now.products.flatMap((product) => product.variants).find((entry) => entry.id === variantId);
    const restored = await owner(`/variants/${variantId}/prices`, {
      method: "PUT",
      body: { version: current?.version ?? 0, prices: originalPrices },
    });
    expect(restored.status).toBe(200);
  }
});
