import { cartTokenPattern } from "@herbo/hosted-api";
import type { Page } from "@playwright/test";
import { e2eSettings } from "./settings.mjs";
import { enterNepalDetails, payByCard } from "./support/checkout";
import { expect, open, storedCart, storedCartToken, test, visibleToast, waitForHydration } from "./support/fixtures";

async function stockOf(variantId: string): Promise<number> {
  const response = await fetch(`${e2eSettings.apiUrl}/store/${e2eSettings.storeId}/variants?fields=inventory_quantity`);
  const body = (await response.json()) as { variants: { id: string; inventory_quantity: number }[] };
  return body.variants.find((variant) => variant.id === variantId)?.inventory_quantity ?? -1;
}

/** Proceeds to checkout from the open cart drawer and gives the cart token the checkout request carried. */
async function proceedToCheckout(page: Page): Promise<unknown> {
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && /\/store\/[^/]+\/checkout$/.test(request.url()),
  );
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
  const body = (await sent).postDataJSON() as { cartToken?: unknown };
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  return body.cartToken;
}

test("browses to a product, picks a variant, adjusts the cart, pays and lands on /success with an empty cart", async ({
  page,
}) => {
  const stockBefore = await stockOf("var_resin_20g");
  await open(page, "/store");
  await expect(page.getByRole("heading", { level: 1, name: "Our Store" })).toBeVisible();
  await page.getByRole("link", { name: "Pure Himalayan Shilajit Resin" }).click();
  await expect(page).toHaveURL(/\/product\/prod_himalayan_resin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pure Himalayan Shilajit Resin" })).toBeVisible();

  await page.getByText("20 g", { exact: true }).click();
  await expect(page.getByTestId("carousel-image")).toHaveAttribute("src", /resin-20g\.svg$/);
  await expect(page.getByTestId("price")).toHaveText("Rs. 2200.00");
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByTestId("quantity")).toHaveText("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const toast = visibleToast(page);
  await expect(toast).toContainText("Added to Cart! 🛒");
  await expect(toast).toContainText("2 x Pure Himalayan Shilajit Resin (20 g) added.");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  await page.getByRole("button", { name: "Open cart, 2 items" }).click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer).toBeVisible();
  const line = drawer.getByTestId("cart-line");
  await expect(line).toContainText("20 g");
  await line.getByRole("button", { name: /Increase quantity/ }).click();
  await expect(line.getByTestId("cart-line-quantity")).toHaveText("3");
  await expect(drawer.getByTestId("cart-total")).toHaveText("Rs. 6600.00");
  await line.getByRole("button", { name: /Decrease quantity/ }).click();
  await line.getByRole("button", { name: /Decrease quantity/ }).click();
  await expect(line.getByTestId("cart-line-quantity")).toHaveText("1");
  // The minus button stops at 1.
  await expect(line.getByRole("button", { name: /Decrease quantity/ })).toBeDisabled();
  await expect(drawer.getByTestId("cart-total")).toHaveText("Rs. 2200.00");

  const sentToken = await proceedToCheckout(page);
  expect(sentToken).toMatch(cartTokenPattern);
  await expect(page).toHaveURL(new RegExp(`^${e2eSettings.apiUrl}/checkout/cs_`));
  await expect(page.getByTestId("subtotal")).toHaveText("Rs. 2200.00");
  await enterNepalDetails(page);
  await expect(page.getByTestId("total")).toHaveText("Rs. 2200.00 NPR");
  await payByCard(page);

  await expect(page).toHaveURL(new RegExp(`^${e2eSettings.webUrl}/success\\?order=HS-\\d+&receipt=[\\w-]{22}$`));
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  await expect(
    page.getByText(
      "Your payment was successful. A confirmation email has been sent to you. We're getting your order ready!",
    ),
  ).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await expect.poll(() => storedCart(page)).toEqual([]);
  // A new cart is a new cart: its checkouts cannot replace the paid one's.
  await expect.poll(() => storedCartToken(page)).not.toBe(sentToken);
  expect(await storedCartToken(page)).toMatch(cartTokenPattern);
  expect(await stockOf("var_resin_20g")).toBe(stockBefore - 1);
  await page.getByRole("link", { name: "Continue Shopping" }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test("keeps the cart when the shopper cancels on the payment page", async ({ page }) => {
  await open(page, "/product/prod_travel_tin");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
  await expect(page).toHaveURL(`${e2eSettings.webUrl}/product/prod_travel_tin`);
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("sends the browser's cart token with each checkout, the same one again after cancelling", async ({ page }) => {
  await open(page, "/product/prod_travel_tin");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  const first = await proceedToCheckout(page);
  expect(first).toMatch(cartTokenPattern);
  await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
  await expect(page).toHaveURL(`${e2eSettings.webUrl}/product/prod_travel_tin`);
  await waitForHydration(page);
  expect(await storedCartToken(page)).toBe(first);
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  expect(await proceedToCheckout(page)).toBe(first);
});

test.describe("a declined card", () => {
  test("shows the decline message on the payment page, and Back from /success after paying never resubmits a form", async ({
    page,
  }) => {
    await open(page, "/product/prod_travel_tin");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: "Open cart, 1 item" }).click();
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await enterNepalDetails(page);
    await payByCard(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined. No money was taken; try another card.");
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    // Post/redirect/get: the address bar holds the payment page itself, not a POST result.
    await expect(page).toHaveURL(new RegExp(`^${e2eSettings.apiUrl}/checkout/cs_[\\w-]+$`));
    await payByCard(page);
    await expect(page).toHaveURL(new RegExp(`^${e2eSettings.webUrl}/success\\?order=HS-\\d+&receipt=[\\w-]{22}$`));
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Order received" })).toBeVisible();
  });
});
