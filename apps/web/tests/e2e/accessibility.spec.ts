import type { Page } from "@playwright/test";
import { axeFor } from "./support/accessibility";
import { expect, failedResource, open, test } from "./support/fixtures";

// Cards rise into view on scroll; with reduced motion they are all shown, so every one is checked.
test.use({ reducedMotion: "reduce" });

async function expectNoViolations(page: Page) {
  const results = await axeFor(page).analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
  expect(summary).toEqual([]);
}

const pages = [
  "/",
  "/store",
  "/product/prod_himalayan_resin",
  "/product/prod_gift_box",
  "/success",
  // An order the store cannot confirm (a real one is checked in orders.spec.ts).
  "/success?order=HS-1001",
  "/404",
  "/blog",
  "/blog/how-to-take-shilajit-correct-dosage-timing-tips",
  "/shilajit-nepal",
  "/shilajit-in-india",
  "/shilajit-in-uk",
  "/shipping",
  "/returns",
  "/terms",
  "/privacy",
];

for (const path of pages) {
  test.describe(path, () => {
    // The not-found page is answered with status 404, which Chromium logs.
    if (path === "/404") test.use({ allowConsoleErrors: failedResource });
    test(`${path} has no axe violations`, async ({ page }) => {
      await open(page, path);
      if (path === "/") await expect(page.getByTestId("product-grid")).toBeVisible();
      if (path.includes("?order=")) await expect(page.getByText(/^We could not find this order/)).toBeVisible();
      await expectNoViolations(page);
    });
  });
}

test("the open cart drawer and a toast have no axe violations", async ({ page }) => {
  await open(page, "/store");
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
  await expectNoViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("the open mobile menu has no axe violations", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByTestId("mobile-menu")).toBeVisible();
    await expectNoViolations(page);
  });
});

test("the whole shop can be used from the keyboard: reach a product, add it, open the cart", async ({ page }) => {
  await open(page, "/store");
  // Skip link first, then the header.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.getByRole("button", { name: "Add to Cart: Shilajit Travel Tin 5 g" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.getByRole("button", { name: "Open cart, 1 item" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close cart" })).toBeFocused();
});
