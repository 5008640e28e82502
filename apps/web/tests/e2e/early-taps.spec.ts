import type { Page } from "@playwright/test";
import { expect, open, storedCart, test, waitForHydration } from "./support/fixtures";

/**
 * A shopper on a slow phone taps a button as soon as the page appears, before its JavaScript has run. The
 * tap must count: the button looks busy at once, and does what it says once the page is interactive. Here
 * the page's scripts are held back until the test lets them through, so the taps surely come first.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const product = "/product/prod_himalayan_resin";

test("Add to Cart tapped before the page is interactive adds the product once, however often it was tapped", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(product, { waitUntil: "commit" });
  const add = page.getByRole("button", { name: "Add to Cart" });
  await add.click();
  await add.click();
  await expect(add).toHaveAttribute("aria-busy", "true");
  await expect(add).toHaveAttribute("data-early-tap", "");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  expect(await storedCart(page)).toEqual([]);

  release();
  await waitForHydration(page);
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  const cart = await storedCart(page);
  expect(cart.map((line) => [line.variant.id, line.quantity])).toEqual([["var_resin_10g", 1]]);
  await expect(add).not.toHaveAttribute("aria-busy");
  await expect(add).not.toHaveAttribute("data-early-tap");
});

test("taps before the page is interactive are made in their order, on top of the cart already kept", async ({
  page,
}) => {
  await open(page, product);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  release();
  await waitForHydration(page);
  // One unit kept from before, then two: the quantity was raised before Add to Cart was tapped.
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  const cart = await storedCart(page);
  expect(cart.map((line) => [line.variant.id, line.quantity])).toEqual([["var_resin_10g", 3]]);
});
