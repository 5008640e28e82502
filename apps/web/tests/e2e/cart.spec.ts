import type { Page } from "@playwright/test";
import { expect, expectDestructiveToast, open, storedCart, test, visibleToast } from "./support/fixtures";

test("reloading keeps the cart", async ({ page }) => {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.reload();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  expect((await storedCart(page)).map((item) => [item.variant.id, item.quantity])).toEqual([["var_travel_tin", 1]]);
});

for (const [name, stored] of [
  ["unparsable text", "{not json"],
  ["an object instead of a list", '{"items":[1,2,3]}'],
  ["lines of the wrong shape", '[{"variant":{"id":7},"quantity":-3},"x",null]'],
] as const) {
  test(`starts with an empty cart from ${name} in storage, without breaking the page`, async ({ page }) => {
    await page.addInitScript((value) => {
      if (sessionStorage.getItem("seeded") === null) {
        localStorage.setItem("e-commerce-cart", value);
        sessionStorage.setItem("seeded", "1");
      }
    }, stored);
    await open(page, "/store");
    await expect(page.getByRole("heading", { name: "Our Store" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    expect((await storedCart(page)).map((item) => item.variant.id)).toEqual(["var_travel_tin"]);
  });
}

test("the drawer closes on the backdrop and on Escape, traps focus, and gives focus back to the cart button", async ({
  page,
}) => {
  // The page's clock moves only when the test moves it while the toast is checked: on a loaded machine its
  // 5 s could otherwise run out before Escape is pressed, and then Escape rightly closes the drawer instead.
  // The page gets 100 ms of its time (for animation frames) at a time until what is awaited shows; the
  // toast's 5 s start only once it is on screen, and it needs a few steps at most after that.
  await page.clock.install();
  await open(page, "/store");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const stepUntil = (check: () => Promise<void>) =>
    expect(async () => {
      await page.clock.runFor(100);
      await check();
    }).toPass({ intervals: [50] });
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await stepUntil(() => expect(visibleToast(page)).toHaveCount(1, { timeout: 100 }));
  const cartButton = page.getByRole("button", { name: "Open cart, 1 item" });
  await cartButton.click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  // The toast moves into the open drawer, so it is the newest layer: Escape closes it first.
  await stepUntil(() => expect(drawer.getByTestId("cart-toasts").locator("li")).toHaveCount(1, { timeout: 100 }));
  await page.keyboard.press("Escape");
  await stepUntil(() => expect(visibleToast(page)).toHaveCount(0, { timeout: 100 }));
  await expect(drawer).toBeVisible();
  await page.clock.resume();
  for (let press = 0; press < 8; press += 1) {
    await page.keyboard.press("Tab");
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(cartButton).toBeFocused();

  await cartButton.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(20, 400);
  await expect(drawer).toBeHidden();
});

test("removes a line and updates the total", async ({ page }) => {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await page.getByRole("button", { name: "Add to Cart: Shilajit Starter Kit" }).click();
  await page.getByRole("button", { name: "Open cart, 2 items" }).click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer.getByTestId("cart-total")).toHaveText("Rs. 2150.00");
  await drawer.getByRole("button", { name: "Remove Shilajit Travel Tin 5 g (5 g)" }).click();
  await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  await expect(drawer.getByTestId("cart-total")).toHaveText("Rs. 1500.00");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("keeps two tabs' carts in step", async ({ page, context }) => {
  await open(page, "/store");
  const other = await context.newPage();
  await open(other, "/blog");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await expect(other.getByTestId("cart-badge")).toHaveText("1");
  await other.close();
});

/** A stored cart line of the untracked Travel Tin, as the shop itself writes it. */
function storedTravelTins(quantity: number) {
  return JSON.stringify([
    {
      product: { id: "prod_travel_tin", title: "Shilajit Travel Tin 5 g", imageUrl: null },
      variant: {
        id: "var_travel_tin",
        title: "5 g",
        manageInventory: false,
        priceInCents: 75000,
        salePriceInCents: 65000,
        currency: { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 },
      },
      quantity,
    },
  ]);
}

async function seedCart(page: Page, stored: string): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem("seeded") === null) {
      localStorage.setItem("e-commerce-cart", value);
      sessionStorage.setItem("seeded", "1");
    }
  }, stored);
}

test("the cart stops one line at the checkout's limit of 20, in the drawer and from Add to Cart", async ({ page }) => {
  await seedCart(page, storedTravelTins(19));
  await open(page, "/store");
  await page.getByRole("button", { name: "Open cart, 19 items" }).click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  const plus = drawer.getByRole("button", { name: "Increase quantity of Shilajit Travel Tin 5 g (5 g)" });
  await plus.click();
  await expect(drawer.getByTestId("cart-line-quantity")).toHaveText("20");
  await expect(plus).toBeDisabled();
  await expect(drawer.getByTestId("cart-line-limit")).toHaveText("That is the most one order can hold (20).");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await expectDestructiveToast(
    page,
    "Error adding to cart",
    "You can order at most 20 of Shilajit Travel Tin 5 g (5 g) at a time. For larger orders, please contact us.",
  );
  expect((await storedCart(page)).map((item) => item.quantity)).toEqual([20]);
});

test("a stored cart of 21 is lowered to 20, and its checkout goes to payment, not to an error", async ({ page }) => {
  await seedCart(page, storedTravelTins(21));
  await open(page, "/store");
  await expect(page.getByTestId("cart-badge")).toHaveText("20");
  await page.getByRole("button", { name: "Open cart, 20 items" }).click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer.getByTestId("cart-line-quantity")).toHaveText("20");
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout\/cs_/);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await expect(page.getByTestId("subtotal")).toHaveText("Rs. 13000.00");
  await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
  await page.waitForURL(/\/store$/);
});
