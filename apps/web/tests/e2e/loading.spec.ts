import type { Page } from "@playwright/test";
import { fallbackMs } from "../../server/deferred-hydration";
import { expect, test, waitForHydration } from "./support/fixtures";

declare global {
  interface Window {
    __moduleStarted?: number;
    __shifts?: number[];
  }
}

/** Notes when the page's module script is put in, which is when its JavaScript starts running. */
async function watchModuleStart(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.type === "module") window.__moduleStarted ??= performance.now();
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

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
      moduleStarted: window.__moduleStarted ?? -1,
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      /** The first byte of the document: its inline starter runs after it, so its fallback fires after this + fallbackMs. */
      responseStart: navigation?.responseStart ?? 0,
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
      // After the first paint; or, on a machine too busy to paint within the fallback, not before it.
      expect(order.firstScript).toBeGreaterThanOrEqual(
        Math.min(order.firstContentfulPaint, order.responseStart + fallbackMs),
      );
    });
  }

  test("with the JavaScript already cached, the page still paints before it runs", async ({ page }) => {
    await watchModuleStart(page);
    await page.goto("/store");
    await waitForHydration(page);
    await page.goto("/product/prod_himalayan_resin");
    await waitForHydration(page);
    const order = await loadingOrder(page);
    expect(order.firstContentfulPaint).toBeLessThan(Infinity);
    expect(order.moduleStarted).toBeGreaterThanOrEqual(
      Math.min(order.firstContentfulPaint, order.responseStart + fallbackMs),
    );
  });

  test("an image that never loads does not hold hydration back", async ({ page }) => {
    // The hero image hangs, so the load event never comes; the JavaScript waits for the paint only.
    await page.route(/\/assets\/hero-[^/]+\.svg$/, () => undefined);
    await page.goto("/", { waitUntil: "commit" });
    await waitForHydration(page);
    const order = await loadingOrder(page);
    expect(order.loadEventStart).toBe(0);
    expect(order.firstScript).toBeGreaterThanOrEqual(
      Math.min(order.firstContentfulPaint, order.responseStart + fallbackMs),
    );
    // Hydrated means working: the product grid, fetched by the page's own code, fills in.
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});

test.describe("the display font arriving late, on a 412 px phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const path of ["/shilajit-in-usa", "/"]) {
    test(`is not preloaded, and swapping it in moves nothing on ${path}`, async ({ page }) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/playfair-display-latin-700-normal-[^/]*\.woff2$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        window.__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      // The load event waits for the font, which is held.
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await waitForHydration(page);
      expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
      // The headings are drawn in a resized system serif while the display font is held back.
      const heading = page.getByRole("heading", { level: 1 });
      expect(requested).toBe(true);
      expect(await page.evaluate(() => document.fonts.check('700 16px "Playfair Display"'))).toBe(false);
      const before = await heading.boundingBox();

      release();
      await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px "Playfair Display"'))).toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const after = await heading.boundingBox();
      const shifted = await page.evaluate(() => (window.__shifts ?? []).reduce((sum, value) => sum + value, 0));
      // Unresized, the fallback serif wraps the landing page's title onto another line: a shift of 0.05.
      expect(shifted).toBeLessThan(0.01);
      expect(Math.abs((after?.height ?? 0) - (before?.height ?? 0))).toBeLessThan(8);
    });
  }
});

declare global {
  interface Window {
    /** For each number format the page built: whether the page had hydrated by then. */
    __numberFormats?: boolean[];
  }
}

test.describe("a market's prices arrive written, so the page hydrates without Intl", () => {
  for (const path of ["/us/product/prod_himalayan_resin", "/ae/store", "/in"]) {
    test(`${path}: no number format is built before the page hydrates; the cart's is made ready once it is idle`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const built: boolean[] = [];
        window.__numberFormats = built;
        const Original = Intl.NumberFormat;
        const note = () => built.push(document.documentElement.dataset.hydrated === "true");
        Intl.NumberFormat = new Proxy(Original, {
          construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
            note();
            return new target(...args);
          },
          apply(target, thisArgument, args: ConstructorParameters<typeof Intl.NumberFormat>) {
            note();
            return Reflect.apply(target, thisArgument, args);
          },
        });
        const toLocaleString = Number.prototype.toLocaleString;
        Number.prototype.toLocaleString = function (this: number, ...args: Parameters<number["toLocaleString"]>) {
          note();
          return toLocaleString.apply(this, args);
        };
      });
      await page.goto(path);
      await waitForHydration(page);
      // The page's prices are the server's text, in the market's currency.
      await expect(page.getByTestId("price").first()).toContainText(/\$|AED|₹/);
      // Made ready for the cart once the page is idle, after it has hydrated, and never before.
      await page.waitForFunction(() => (window.__numberFormats?.length ?? 0) > 0);
      const built = await page.evaluate(() => window.__numberFormats ?? []);
      expect(built, "number formats built, by whether the page had hydrated").not.toContain(false);
    });
  }
});
