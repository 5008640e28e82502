import type { Page } from "@playwright/test";
import { expect, failedResource, open, storedCart, test } from "./support/fixtures";

const plainText =
  "Thank you for shopping with us. We could not find an order in this link. If you have paid, your confirmation email has your order number and details.";

/** The fixed title and button; an address naming no order proves no payment, so the page claims none. */
async function expectPlainTexts(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
  await expect(page.getByText(plainText)).toBeVisible();
  await expect(page.getByText(/Your payment was successful/)).toHaveCount(0);
  // A new visitor, who has shopped in no market, is led to Nepal's store.
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
}

const forgedKey = "AbCdEfGhIjKlMnOpQr_-09";
const notFound = "We could not find this order, so your cart is kept.";

async function addTinToCart(page: Page) {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
}

test("a plain /success keeps its fixed title and button, claims no payment, and empties the cart", async ({ page }) => {
  await addTinToCart(page);
  await open(page, "/success");
  await expectPlainTexts(page);
  await expect.poll(() => storedCart(page)).toEqual([]);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

// A number typed into the address, or with a key the store did not make, claims nothing.
test.describe("an order the store does not confirm", () => {
  // The store API answers 404 for a forged receipt, which Chromium logs as a failed resource.
  test.use({ allowConsoleErrors: failedResource });

  for (const query of [
    "order=HS-9999",
    `order=HS-9999&receipt=${forgedKey}`,
    `order=HS-1001&payment=cod&receipt=${forgedKey}`,
  ]) {
    test(`?${query} says no payment went through, shows no number and keeps the cart`, async ({ page }) => {
      await addTinToCart(page);
      await open(page, `/success?${query}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
      await expect(page.getByRole("status").filter({ hasText: notFound })).toBeVisible();
      await expect(page.getByText(/Your payment was successful/)).toHaveCount(0);
      await expect(page.getByText(/you pay in cash/)).toHaveCount(0);
      await expect(page.getByTestId("order-number")).toHaveCount(0);
      expect(await storedCart(page)).toHaveLength(1);
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
    });
  }
});

test.describe("before the page's JavaScript runs", () => {
  // The page's modules are blocked, which Chromium logs as failed loads.
  test.use({ allowConsoleErrors: failedResource });

  test("an address naming an order shows that it is being checked, never SPEC's payment text", async ({ page }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`/success?order=HS-1001&payment=cod&receipt=${forgedKey}`);
    await expect(page.getByText("Checking your order with the shop…")).toBeVisible();
    await expect(page.getByText(/Your payment was successful/)).toBeHidden();
    await page.goto("/success");
    await expect(page.getByText(plainText)).toBeVisible();
    await expect(page.getByText(/Your payment was successful/)).toBeHidden();
    await expect(page.getByText("Checking your order with the shop…")).toBeHidden();
  });
});

test("the page as served carries no order number: it is read in the browser only", async ({ request }) => {
  const html = await (await request.get("/success?order=HS-1001")).text();
  expect(html).toContain("Thank You for Your Order!");
  expect(html).not.toContain("HS-1001");
  // The description is shared with the link, also for cash on delivery, where nothing is paid yet.
  expect(html).toContain(
    '<meta name="description" content="Your Herbo Shilajit order is placed and is being prepared."',
  );
});

test("no order number shows without the parameter", async ({ page }) => {
  await open(page, "/success");
  await expectPlainTexts(page);
  await expect(page.getByTestId("order-number")).toHaveCount(0);
});

for (const query of [
  "order=HS-1",
  "order=HS-1001x",
  `order=${encodeURIComponent("<script>window.__injected=1</script>")}`,
  `order=${encodeURIComponent("<img src=x onerror=window.__injected=1>")}`,
  "order=HS-1001&order=HS-1002",
  "orderNumber=HS-1001",
]) {
  test(`?${query} shows no order number and runs nothing`, async ({ page }) => {
    await open(page, `/success?${query}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
    await expect(page.getByTestId("order-number")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("HS-");
    await expect(page.locator("main")).not.toContainText("<");
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  });
}
