import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/accessibility";
import { backOffice, placeOrderDirectly, signInToBackOffice } from "./support/back-office";
import { nepalShopper } from "./support/checkout";
import { expect, failedResource, test } from "./support/fixtures";

// The back office asks the API who is signed in; before sign-in that is a 401, which Chromium logs.
test.use({ allowConsoleErrors: failedResource, viewport: { width: 375, height: 800 } });

mkdirSync("/tmp/shots", { recursive: true });

/** No axe violation, and nothing wider than the screen. */
async function expectAccessibleAndFitting(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} is wider than the screen`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, label);
}

/** The words of the visible buttons, table headers and disclosure summaries that are split over two lines ("Ba ck"). */
async function splitWords(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const split: string[] = [];
    for (const element of root.querySelectorAll("button, th, summary")) {
      if (!(element instanceof HTMLElement) || element.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) split.push(`${word[0]} (in "${element.textContent?.trim() ?? ""}")`);
        }
      }
    }
    return split;
  });
}

async function expectWholeWords(page: Page, label: string): Promise<void> {
  expect.soft(await splitWords(page.locator("main")), `${label}: words split over two lines`).toEqual([]);
  await expectAccessibleAndFitting(page, label);
}

test("the sign-in page names the shop", async ({ page }) => {
  await page.goto(backOffice);
  await expect(page.getByRole("heading", { name: "Sign in to the back office" })).toBeVisible();
  await expect(page.getByTestId("shop-name")).toHaveText("Herbo Shilajit · Back office");
  await expectAccessibleAndFitting(page, "sign-in");
  await page.screenshot({ path: "/tmp/shots/item14c-sign-in.png" });
});

test("the orders list's filters fold away on a phone, open from the keyboard, and stay open while one is set", async ({
  page,
}) => {
  await signInToBackOffice(page, "/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  const count = page.getByRole("status").filter({ hasText: /orders?$/ });
  await expect(count).toBeVisible();
  await expect(page.getByLabel("Payment status")).toBeHidden();
  await expect(page.getByLabel("Search")).toBeVisible();
  // The list starts in the first screen, under the search.
  expect((await count.boundingBox())?.y ?? Infinity).toBeLessThan(800);
  await expectWholeWords(page, "orders with the filters folded");
  await page.screenshot({ path: "/tmp/shots/item14a-orders-filters-folded.png" });

  const summary = page.locator("summary", { hasText: "Filters" });
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Payment status")).toBeVisible();
  await page.getByLabel("Payment status").selectOption("paid");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]paymentStatus=paid/);
  await page.reload();
  await expect(page.getByLabel("Payment status")).toBeVisible();
  await expect(page.getByLabel("Payment status")).toHaveValue("paid");
  await expect(summary).toContainText("1 set");
  await expectWholeWords(page, "orders with a filter set");
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the orders list's filters are open", async ({ page }) => {
    await signInToBackOffice(page, "/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(page.getByLabel("Payment status")).toBeVisible();
    await expect(page.getByLabel("Placed until")).toBeVisible();
  });
});

test("an order's buttons and table headers keep their words whole on a phone", async ({ page }) => {
  test.slow();
  const number = await placeOrderDirectly(nepalShopper("Pokhara"), { payment: "sandbox" });
  await signInToBackOffice(page, `/orders/${number}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expectWholeWords(page, "order");

  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("button", { name: "Keep the order" })).toBeVisible();
  await expectWholeWords(page, "order with its cancel form");
  await page.getByRole("button", { name: "Keep the order" }).click();

  // Shipped straight from not packed: the shipment form opens.
  await page.getByRole("button", { name: "Mark shipped" }).click();
  const shipment = page.getByRole("form", { name: "Shipment" });
  await expectWholeWords(page, "order with its shipment form");
  await page.screenshot({ path: "/tmp/shots/item14b-shipment-form.png", fullPage: true });
  await shipment.getByLabel("Carrier").fill("Nepal Post");
  await shipment.getByLabel("Tracking number").fill("RR000000000NP");
  await shipment.getByRole("button", { name: "Confirm shipment and email the shopper" }).click();
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Shipped");
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByTestId("fulfilment-status")).toHaveText("Fulfilment: Delivered");

  await page.getByRole("button", { name: "Undo delivered" }).click();
  await expect(page.getByRole("group", { name: "Confirm" })).toBeVisible();
  await expectWholeWords(page, "order with a confirm step");
  await page.getByRole("button", { name: "Back" }).click();

  await page.getByRole("button", { name: "Take a return or refund" }).click();
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expectWholeWords(page, "order with its return form");
  await page.screenshot({ path: "/tmp/shots/item14b-return-form.png", fullPage: true });
});

test("a stock adjustment's message goes when the next save is stopped by the browser", async ({ page }) => {
  await signInToBackOffice(page, "/stock");
  const form = page.getByRole("form", { name: "Adjust stock of Pure Himalayan Shilajit Resin, 10 g" });
  const variant = page.getByTestId("stock-variant").filter({ has: form });
  // Refused by the store API (no change), so no one's stock moves.
  await form.getByLabel("Add or remove units").fill("0");
  await form.getByLabel("Reason").fill("Checking the form");
  await form.getByRole("button", { name: "Save adjustment" }).click();
  await expect(variant.getByRole("alert")).toBeVisible();
  // Now the browser refuses the empty number: the earlier message must not stand as if it were this one's.
  await form.getByLabel("Add or remove units").fill("");
  await form.getByRole("button", { name: "Save adjustment" }).click();
  expect(await form.getByLabel("Add or remove units").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(
    false,
  );
  await expect(variant.getByRole("alert")).toHaveCount(0);
  await expect(variant.getByRole("status")).toHaveCount(0);
  await expectWholeWords(page, "stock");
  await variant.screenshot({ path: "/tmp/shots/item14d-stock-after-blocked-submit.png" });
});

test("the form recording a refund made by hand keeps its words whole on a phone", async ({ page }) => {
  test.slow();
  const number = await placeOrderDirectly(nepalShopper("Kathmandu"), { payment: "sandbox" });
  await signInToBackOffice(page, `/orders/${number}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("form", { name: "Cancellation" }).getByRole("button", { name: "Confirm cancellation" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Refund to make");
  const refund = page.getByTestId("refund").filter({ hasText: "To make by hand" });
  await refund.getByRole("button", { name: "Record refund made" }).click();
  const form = refund.getByRole("form", { name: "Record refund made" });
  await expect(form.getByRole("button", { name: "Back" })).toBeVisible();
  await expectWholeWords(page, "order with the form recording a refund");
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/shots/item14b-record-refund-form.png" });
  // Recorded, so the order leaves the list of refunds to make that other tests read.
  await form.getByLabel("How it was made").fill("Bank transfer, reference PH-375");
  await form.getByRole("button", { name: "Save the refund as made" }).click();
  await expect(page.getByTestId("payment-status")).toHaveText("Refunded");
});

test("a product's page keeps the words of its buttons whole on a phone", async ({ page }) => {
  // Many buttons, each word measured: more round trips than most tests, so a loaded machine gets more time.
  test.slow();
  await signInToBackOffice(page, "/products/prod_himalayan_resin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectWholeWords(page, "product");
  const deletePhoto = page.getByRole("button", { name: /^Delete photo 1$/ });
  if ((await deletePhoto.count()) > 0) {
    await deletePhoto.click();
    await expect(page.getByRole("group", { name: "Confirm" })).toBeVisible();
    await expectWholeWords(page, "product with a photo's confirm step");
    await page.getByRole("group", { name: "Confirm" }).getByRole("button", { name: "Back" }).click();
  }
});

for (const [address, heading] of [
  ["/", "Overview"],
  ["/payments/owed", "Payments to give back"],
  ["/products", "Products"],
  ["/prices", "Prices"],
  ["/shipping", "Shipping & tax"],
  ["/emails", "Emails"],
] as const) {
  test(`${heading} keeps the words of its buttons and headers whole on a phone`, async ({ page }) => {
    await signInToBackOffice(page, address);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    expect.soft(await splitWords(page.locator("main")), `${heading}: words split over two lines`).toEqual([]);
  });
}
