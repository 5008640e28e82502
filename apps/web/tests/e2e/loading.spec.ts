import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";

/** When the page's JavaScript started downloading, against its first paint and its load event. */
async function loadingOrder(page: Page) {
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
      .map((entry) => entry.startTime);
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return {
      firstScript: Math.min(...scripts),
      scriptCount: scripts.length,
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      loadEventStart: navigation?.loadEventStart ?? Infinity,
    };
  });
}

test.describe("Paint first, then hydrate", () => {
  for (const path of ["/", "/store", "/product/prod_himalayan_resin", "/shilajit-in-usa"]) {
    test(`${path}: JavaScript starts after the first paint, and the page hydrates`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const order = await loadingOrder(page);
      expect(order.scriptCount).toBeGreaterThan(0);
      expect(order.firstScript).toBeGreaterThanOrEqual(order.firstContentfulPaint);
    });
  }

  test("an image that never loads does not hold hydration back", async ({ page }) => {
    // The hero image hangs, so the load event never comes; the JavaScript waits for the paint only.
    await page.route(/\/assets\/hero-[^/]+\.svg$/, () => undefined);
    await page.goto("/", { waitUntil: "commit" });
    await waitForHydration(page);
    const order = await loadingOrder(page);
    expect(order.loadEventStart).toBe(0);
    expect(order.firstScript).toBeGreaterThanOrEqual(order.firstContentfulPaint);
    // Hydrated means working: the product grid, fetched by the page's own code, fills in.
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
