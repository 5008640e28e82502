import { expect, open, test, visibleToast } from "./support/fixtures";

test("adds a single-variant product from the card", async ({ page }) => {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  const toast = visibleToast(page);
  await expect(toast).toContainText("Added to Cart! 🛒");
  await expect(toast).toContainText("Shilajit Travel Tin 5 g has been added to your cart.");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(page).toHaveURL(/\/store$/);
});

test("opens the product page from the card's Add to Cart of a multi-variant product", async ({ page }) => {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Pure Himalayan Shilajit Resin" }).click();
  await expect(page).toHaveURL(/\/product\/prod_himalayan_resin$/);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test("refuses a card add past the stock with the stock message and leaves the cart alone", async ({ page }) => {
  await open(page, "/store");
  const add = page.getByRole("button", { name: "Add to Cart: Shilajit Starter Kit" });
  for (let count = 1; count <= 3; count += 1) {
    await add.click();
    await expect(page.getByTestId("cart-badge")).toHaveText(String(count));
  }
  await add.click();
  const toast = visibleToast(page);
  await expect(toast).toHaveAttribute("data-variant", "destructive");
  await expect(toast).toContainText("Error adding to cart");
  await expect(toast).toContainText("Not enough stock for Shilajit Starter Kit (Kit). Only 3 left.");
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
});

test("shows ribbon, subtitle, sale price with the regular price struck, and an unavailable product's state", async ({
  page,
}) => {
  await open(page, "/store");
  const tin = page.getByTestId("product-card").filter({ hasText: "Shilajit Travel Tin 5 g" });
  await expect(tin.getByText("Sale", { exact: true })).toBeVisible();
  await expect(tin.getByText("A pocket-sized tin for treks, trips and the office drawer")).toBeVisible();
  await expect(tin.getByTestId("price")).toContainText("Rs. 650.00");
  await expect(tin.getByTestId("regular-price")).toContainText("Rs. 750.00");
  expect(await tin.getByTestId("regular-price").evaluate((element) => element.tagName)).toBe("S");

  // The placeholder picture and fallback subtitle: storefront-polish.spec.ts, with a catalogue lacking them.
  const gift = page.getByTestId("product-card").filter({ hasText: "Himalayan Gift Box" });
  await expect(gift.getByTestId("card-stock-message")).toHaveText("Currently unavailable");
  await expect(gift.getByRole("button", { name: /Add to Cart: Himalayan Gift Box/ })).toBeDisabled();

  // The cheapest variant's price for 'lowest_price_first', the first variant's for another selection.
  const resin = page.getByTestId("product-card").filter({ hasText: "Pure Himalayan Shilajit Resin" });
  await expect(resin.getByTestId("price")).toHaveText("Rs. 1200.00");
  const pack = page.getByTestId("product-card").filter({ hasText: "Shilajit Value Pack" });
  await expect(pack.getByTestId("price")).toContainText("Rs. 3990.00");
});

test("opens the product when the card itself is clicked", async ({ page }) => {
  await open(page, "/store");
  // The picture is covered by the title link's stretched hit area, so a click anywhere on it opens the product.
  await page
    .getByTestId("product-card")
    .filter({ hasText: "Shilajit Starter Kit" })
    .click({ position: { x: 60, y: 60 } });
  await expect(page).toHaveURL(/\/product\/prod_starter_kit$/);
});

for (const [width, columns] of [
  [375, 1],
  [700, 2],
  [900, 3],
  [1280, 4],
] as const) {
  test(`lays the grid out in ${columns} column(s) at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, "/store");
    const lefts = await page
      .getByTestId("product-card")
      .evaluateAll((cards) => [...new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(columns);
  });
}

test("the home page's grid arrives with the page, so nothing moves under a shopper's finger as it starts", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain('data-testid="product-grid"');
  const listCalls: string[] = [];
  page.on("request", (call) => {
    if (/\/store\/[^/]+\/products$/.test(new URL(call.url()).pathname)) listCalls.push(call.url());
  });
  await open(page, "/");
  await expect(page.getByTestId("product-grid")).toBeVisible();
  expect(listCalls).toEqual([]);
});

test("sends /store's cards without the detail page's description, gallery and options", async ({ request }) => {
  const store = await (await request.get("/store")).text();
  const product = await (await request.get("/product/prod_himalayan_resin")).text();
  // The description's words are in the product page's markup and hydration data, never in the list's.
  const descriptionWords = "gently purified with spring water";
  expect(product).toContain(descriptionWords);
  expect(store).toContain("Pure Himalayan Shilajit Resin");
  expect(store).not.toContain(descriptionWords);
  expect(store).not.toContain("descriptionHtml");
  expect(store).not.toContain("socialImage");
  expect(store).not.toContain("opt_prod_himalayan_resin");
});
