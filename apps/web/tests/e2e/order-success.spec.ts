import type { Page } from "@playwright/test";
import { expect, failedResource, open, storedCart, test } from "./support/fixtures";

async function expectSpecTexts(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
  await expect(
    page.getByText(
      "Your payment was successful. A confirmation email has been sent to you. We're getting your order ready!",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
}

test("arriving from checkout with an order number shows it, keeps SPEC's texts and empties the cart", async ({
  page,
}) => {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await open(page, "/success?order=HS-1001");
  await expect(page.getByTestId("order-number")).toHaveText("Order number HS-1001");
  await expectSpecTexts(page);
  await expect.poll(() => storedCart(page)).toEqual([]);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test.describe("cash on delivery", () => {
  // The first part blocks the page's modules, which Chromium logs as failed loads.
  test.use({ allowConsoleErrors: failedResource });

  test("the page says the shopper pays on arrival, not that the payment went through", async ({ page }) => {
    const onDelivery = "Your order is placed, and you pay in cash when it arrives.";
    const paid = "Your payment was successful.";
    // Before any JavaScript module has run: the prerendered page's inline script alone picks the text.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/success?order=HS-1001&payment=cod");
    await expect(page.getByText(onDelivery)).toBeVisible();
    await expect(page.getByText(paid)).toBeHidden();
    await page.unroute(/\/assets\/.*\.js$/);
    // Hydrated, only that text is left in the page.
    await open(page, "/success?order=HS-1001&payment=cod");
    await expect(page.getByTestId("order-number")).toHaveText("Order number HS-1001");
    await expect(page.getByText(onDelivery)).toBeVisible();
    await expect(page.getByText(paid)).toHaveCount(0);
    // Paid orders keep SPEC's text, before and after hydration.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/success?order=HS-1001");
    await expect(page.getByText(paid)).toBeVisible();
    await expect(page.getByText(onDelivery)).toBeHidden();
  });
});

test("the prerendered page carries no order number: it is read in the browser only", async ({ request }) => {
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
  await expectSpecTexts(page);
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
    await expectSpecTexts(page);
    await expect(page.getByTestId("order-number")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("HS-");
    await expect(page.locator("main")).not.toContainText("<");
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  });
}
