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
    test(`${path}: JavaScript starts after the first paint and the load event, and the page hydrates`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForHydration(page);
      const order = await loadingOrder(page);
      expect(order.scriptCount).toBeGreaterThan(0);
      expect(order.firstScript).toBeGreaterThanOrEqual(order.firstContentfulPaint);
      expect(order.firstScript).toBeGreaterThanOrEqual(order.loadEventStart);
    });
  }

  test("an image that never loads holds hydration back by one second at most", async ({ page }) => {
    // The hero image hangs: the load event never comes, so only the fallback starts the JavaScript.
    await page.route(/\/assets\/hero-[^/]+\.svg$/, () => undefined);
    const started = Date.now();
    await page.goto("/", { waitUntil: "commit" });
    await waitForHydration(page);
    expect(Date.now() - started).toBeLessThan(6_000);
    const order = await loadingOrder(page);
    expect(order.loadEventStart).toBe(0);
    expect(order.firstScript).toBeGreaterThanOrEqual(900);
    // Hydrated means working: the product grid, fetched by the page's own code, fills in.
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
