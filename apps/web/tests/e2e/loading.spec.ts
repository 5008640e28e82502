import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";

declare global {
  interface Window {
    __moduleStarted?: number;
    __firstFrameDrawn?: number;
  }
}

/**
 * Notes when the page's module script is put in (its JavaScript starts) and when the first frame after
 * parsing has been drawn (an animation frame, then a task).
 */
async function watchLoading(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.type === "module") window.__moduleStarted ??= performance.now();
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      requestAnimationFrame(() => setTimeout(() => (window.__firstFrameDrawn ??= performance.now()), 0));
    });
  });
}

/** When the page's JavaScript started downloading and running, against its drawing and its load event. */
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
      moduleStarted: window.__moduleStarted ?? -1,
      // Drawn: the first frame after parsing, or the first contentful paint if that came sooner.
      drawn: Math.min(
        window.__firstFrameDrawn ?? Infinity,
        performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      ),
      loadEventStart: navigation?.loadEventStart ?? Infinity,
    };
  });
}

test.describe("Draw first, then hydrate", () => {
  for (const path of ["/", "/store", "/product/prod_himalayan_resin", "/shilajit-in-usa"]) {
    test(`${path}: JavaScript starts once the page has been drawn, and the page hydrates`, async ({ page }) => {
      await watchLoading(page);
      await page.goto(path);
      await waitForHydration(page);
      const order = await loadingOrder(page);
      expect(order.scriptCount).toBeGreaterThan(0);
      expect(order.drawn).toBeLessThan(Infinity);
      expect(order.firstScript).toBeGreaterThanOrEqual(order.drawn);
      expect(order.moduleStarted).toBeGreaterThanOrEqual(order.drawn);
    });
  }

  test("with the JavaScript already cached, the page is still drawn before it runs", async ({ page }) => {
    await watchLoading(page);
    await page.goto("/store");
    await waitForHydration(page);
    await page.goto("/product/prod_himalayan_resin");
    await waitForHydration(page);
    const order = await loadingOrder(page);
    expect(order.drawn).toBeLessThan(Infinity);
    expect(order.moduleStarted).toBeGreaterThanOrEqual(order.drawn);
  });

  test("an image that never loads does not hold hydration back", async ({ page }) => {
    // The hero image hangs, so the load event never comes; the JavaScript waits for the drawing only.
    await watchLoading(page);
    await page.route(/\/assets\/hero-[^/]+\.svg$/, () => undefined);
    await page.goto("/", { waitUntil: "commit" });
    await waitForHydration(page);
    const order = await loadingOrder(page);
    expect(order.loadEventStart).toBe(0);
    expect(order.moduleStarted).toBeGreaterThanOrEqual(order.drawn);
    // Hydrated means working: the product grid, fetched by the page's own code, fills in.
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
