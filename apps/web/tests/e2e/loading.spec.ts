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

/**
 * The module preloads of the document as served (hydration takes them out of the head), with their
 * priority, and the modules its module script imports.
 */
function modulePreloads(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const moduleScript = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  return {
    preloads: [...head.matchAll(/<link rel="modulepreload"([^>]*)>/g)].map((match) => ({
      href: /href="([^"]+)"/.exec(match[1] ?? "")?.[1] ?? "",
      priority: /fetchpriority="([^"]+)"/.exec(match[1] ?? "")?.[1],
    })),
    imported: [...moduleScript.matchAll(/import\s*(?:\*\s*as\s+\w+\s+from\s*)?\(?"([^"]+)"/g)].map(
      (match) => match[1] ?? "",
    ),
  };
}

test.describe("Modules download from the start, at low priority (decision 009)", () => {
  for (const path of ["/", "/store", "/product/prod_himalayan_resin", "/shilajit-in-usa"]) {
    test(`${path}: every module is preloaded from the head at low priority, before the first paint`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      const { preloads, imported } = modulePreloads((await response?.text()) ?? "");
      await waitForHydration(page);
      expect(preloads.length).toBeGreaterThan(0);
      for (const preload of preloads) expect(preload.priority, preload.href).toBe("low");
      // The module script imports nothing that was not preloaded, so there is no import waterfall.
      expect(imported.length).toBeGreaterThan(0);
      for (const url of imported) expect(preloads.map((preload) => preload.href)).toContain(url);
      const order = await loadingOrder(page);
      expect(order.scriptCount).toBeGreaterThan(0);
      expect(order.firstScript).toBeLessThan(order.firstContentfulPaint);
    });
  }

  test("an image that never loads does not hold hydration back", async ({ page }) => {
    // The hero image hangs, so the load event never comes; the JavaScript does not wait for it.
    await page.route(/\/assets\/hero-[^/]+\.svg$/, () => undefined);
    await page.goto("/", { waitUntil: "commit" });
    await waitForHydration(page);
    const order = await loadingOrder(page);
    expect(order.loadEventStart).toBe(0);
    // Hydrated means working: the product grid, fetched by the page's own code, fills in.
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
