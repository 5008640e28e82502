import type { Browser } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * A shopper on a slow phone scrolls and taps while the page is still starting. Every such tap must take
 * them where the link says: before the JavaScript runs (the browser follows the link), while the page
 * hydrates, and after. Each try opens the page in a fresh browser context (nothing cached) and clicks a
 * link below the fold as soon as it can be clicked, at a different point of the page's start each time.
 */
const tries = 10;
test.describe.configure({ mode: "parallel" });
const startPoints = ["commit", "domcontentloaded", "load"] as const;

const pageKinds: { kind: string; path: string; link: { name: string | RegExp; exact?: boolean }; lands: RegExp }[] = [
  { kind: "home", path: "/", link: { name: "View All Products" }, lands: /\/store$/ },
  { kind: "store", path: "/store", link: { name: "Shilajit in Canada", exact: true }, lands: /\/shilajit-in-canada$/ },
  {
    kind: "product",
    path: "/product/prod_himalayan_resin",
    link: { name: "Shilajit in UK", exact: true },
    lands: /\/shilajit-in-uk$/,
  },
  {
    kind: "country page",
    path: "/shilajit-in-canada",
    link: { name: "Order Now on Our Main Website" },
    lands: /\/ca$/,
  },
  {
    kind: "blog",
    path: "/blog",
    link: { name: /^Read More: How to Identify Fake Shilajit/ },
    lands: /\/blog\/how-to-identify-fake-shilajit-online-buyers-guide$/,
  },
  {
    kind: "article",
    path: "/blog/how-to-take-shilajit-correct-dosage-timing-tips",
    link: { name: "Shop Herbo Shilajit" },
    lands: /\/$/,
  },
  { kind: "success", path: "/success", link: { name: "Continue Shopping" }, lands: /\/store$/ },
];

async function tapAtOnce(browser: Browser, baseURL: string, kind: (typeof pageKinds)[number], attempt: number) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(kind.path, { waitUntil: startPoints[attempt % startPoints.length] });
    await page.getByRole("link", kind.link).first().click();
    await expect(page, `${kind.kind} try ${attempt + 1}: the tap was lost`).toHaveURL(kind.lands, { timeout: 6_000 });
  } finally {
    await context.close();
  }
}

for (const kind of pageKinds) {
  test(`a tap on the ${kind.kind} page while it starts always goes where the link says`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(tries * 15_000);
    for (let attempt = 0; attempt < tries; attempt += 1) await tapAtOnce(browser, baseURL ?? "", kind, attempt);
  });
}
