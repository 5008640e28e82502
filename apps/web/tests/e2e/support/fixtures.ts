import { test as base, expect, type Page } from "@playwright/test";

interface Fixtures {
  /** Console errors the test expects (an outage it caused, say); anything else fails the test. */
  allowConsoleErrors: RegExp | null;
}

/**
 * The test object every spec uses: it fails a test on any unexpected console error or uncaught page
 * error, so a broken hydration or a failing request cannot pass unnoticed.
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [null, { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (allowConsoleErrors === null || !allowConsoleErrors.test(text)) problems.push(text);
    });
    page.on("pageerror", (error) => problems.push(`Uncaught: ${error.message}`));
    await use(page);
    expect(problems, "unexpected console errors").toEqual([]);
  },
});

export { expect };

/** How Chromium reports a request that failed or a document answered with an error status. */
export const failedResource = /^Failed to load resource/;

/** The cart as the page keeps it in localStorage. */
export async function storedCart(page: Page): Promise<{ variant: { id: string }; quantity: number }[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("e-commerce-cart") ?? "[]") as never);
}

/** The cart token the page keeps beside the cart in localStorage. */
export async function storedCartToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem("e-commerce-cart-token"));
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Opens a path and waits for hydration. */
/**
 * Whether React hydrated the first element `selector` finds: React marks every element it hydrates with its
 * fiber, and a part kept as the server drew it has none.
 */
export function hydratedByReact(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));
}

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** The toast on screen (one at a time), inside the notifications region. */
export function visibleToast(page: Page) {
  return page.getByRole("region", { name: /Notifications/ }).locator("li");
}

/** Expects the toast on screen to be an error toast with this title and description. */
export async function expectDestructiveToast(page: Page, title: string, description: string): Promise<void> {
  const toast = visibleToast(page);
  await expect(toast).toContainText(title);
  await expect(toast).toContainText(description);
  await expect(toast).toHaveAttribute("data-variant", "destructive");
}
