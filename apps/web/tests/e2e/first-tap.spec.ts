import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * A shopper on a slow phone scrolls and taps while the page is still starting. Every such tap must take
 * them where the link says: before the JavaScript runs (the browser follows the link), while the page
 * hydrates, and after. Each try opens the page with nothing cached and clicks a link below the fold as soon
 * as it can be clicked, at a different point of the page's start each time.
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

/**
 * One try: the page loads with nothing cached and its link is clicked at once; then the landing page's
 * cookies and storage are cleared and the tab left, so the next try starts as a first visit again.
 */
async function tapAtOnce(page: Page, kind: (typeof pageKinds)[number], attempt: number) {
  await page.goto(kind.path, { waitUntil: startPoints[attempt % startPoints.length] });
  await page.getByRole("link", kind.link).first().click();
  await expect(page, `${kind.kind} try ${attempt + 1}: the tap was lost`).toHaveURL(kind.lands, { timeout: 6_000 });
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await page.context().clearCookies();
  await page.goto("about:blank");
}

for (const kind of pageKinds) {
  test(`a tap on the ${kind.kind} page while it starts always goes where the link says`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(tries * 15_000);
    // One tab for all the tries, with the browser's cache off: each load fetches every script again, as a
    // fresh context would, without paying for a new context and tab ten times.
    const context = await browser.newContext({ baseURL: baseURL ?? "", viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const devtools = await context.newCDPSession(page);
      await devtools.send("Network.enable");
      await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
      for (let attempt = 0; attempt < tries; attempt += 1) await tapAtOnce(page, kind, attempt);
    } finally {
      await context.close();
    }
  });
}
