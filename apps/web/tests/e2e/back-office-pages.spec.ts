import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { shopTimeZone } from "@herbo/hosted-api/admin";
import { e2eSettings } from "./settings.mjs";
import { expectNoAxeViolations } from "./support/accessibility";
import { backOffice, placeOrderDirectly, resinStockMessage, signInToBackOffice, unitsIn } from "./support/back-office";
import { nepalShopper } from "./support/checkout";
import { expect, failedResource, test, waitForHydration } from "./support/fixtures";

// The back office asks the API who is signed in; before sign-in that is a 401, which Chromium logs.
test.use({ allowConsoleErrors: failedResource });

test("adjusting stock in the back office changes the storefront's stock message", async ({ page }) => {
  const before = unitsIn(await resinStockMessage(page, "10 g"));
  await signInToBackOffice(page, "/stock");
  const form = page.getByRole("form", { name: "Adjust stock of Pure Himalayan Shilajit Resin, 10 g" });
  await form.getByLabel("Add or remove units").fill("5");
  await form.getByLabel("Reason").fill("Delivery from the supplier");
  await form.getByRole("button", { name: "Save adjustment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added 5." })).toBeVisible();
  await expect(page.getByTestId("stock-history")).toContainText("+5 Pure Himalayan Shilajit Resin (10 g)");
  await expect(page.getByTestId("stock-history")).toContainText(e2eSettings.owner.email);
  // The storefront may show a page rendered up to PAGE_CACHE_SECONDS ago (1 s here), so it is asked again.
  await expect.poll(() => resinStockMessage(page, "10 g"), { timeout: 5_000 }).toBe(`${before + 5} in stock!`);

  await page.goto(`${backOffice}/stock`);
  await form.getByLabel("Add or remove units").fill("-5");
  await form.getByLabel("Reason").fill("Counted again");
  await form.getByRole("button", { name: "Save adjustment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Removed 5." })).toBeVisible();
  await expect.poll(() => resinStockMessage(page, "10 g"), { timeout: 5_000 }).toBe(`${before} in stock!`);
});

/** The travel tin's price on the Canadian product page, read afresh (the page cache keeps pages 1 s). */
async function canadianTinPrice(page: Page): Promise<string> {
  await page.goto(`${e2eSettings.webUrl}/ca/product/prod_travel_tin`);
  return (await page.getByTestId("price").first().textContent()) ?? "";
}

test("changing a price in the back office changes the storefront's price, and a checkout charges it", async ({
  page,
  browser,
}) => {
  // The travel tin in Canadian dollars: no other test reads that price, and its stock is not counted, so
  // the checkout below holds nothing another test counts on.
  test.slow();
  expect(await canadianTinPrice(page)).toBe("Sale price CA$22.99Regular price CA$25.99");
  await signInToBackOffice(page, "/prices");
  const form = page.getByRole("form", { name: "Prices of Shilajit Travel Tin 5 g, 5 g" });
  await expect(form.getByLabel("Price of 5 g in CAD", { exact: true })).toHaveValue("25.99");

  // A second owner opens the same prices before the first saves.
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await signInToBackOffice(otherPage, "/prices");
  const otherForm = otherPage.getByRole("form", { name: "Prices of Shilajit Travel Tin 5 g, 5 g" });
  await expect(otherForm.getByLabel("Price of 5 g in CAD", { exact: true })).toHaveValue("25.99");

  await form.getByLabel("Price of 5 g in CAD", { exact: true }).fill("24.49");
  await form.getByLabel("Sale price of 5 g in CAD", { exact: true }).fill("19.99");
  await form.getByRole("button", { name: "Save prices of Shilajit Travel Tin 5 g, 5 g" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The shop shows the new prices now." })).toBeVisible();
  await expect(page.getByTestId("price-history")).toContainText(
    "Shilajit Travel Tin 5 g (5 g): CAD 25.99 (sale 22.99) → 24.49 (sale 19.99)",
  );
  await expect(page.getByTestId("price-history")).toContainText(e2eSettings.owner.email);

  // The second owner's save, from the prices as they were, is refused, and the saved prices are shown.
  await otherForm.getByLabel("Price of 5 g in CAD", { exact: true }).fill("99.99");
  await otherForm.getByRole("button", { name: "Save prices of Shilajit Travel Tin 5 g, 5 g" }).click();
  await expect(otherPage.getByRole("alert")).toContainText("Someone else changed these prices since you opened them.");
  await expect(otherForm.getByLabel("Price of 5 g in CAD", { exact: true })).toHaveValue("24.49");
  await expect(otherForm.getByLabel("Sale price of 5 g in CAD", { exact: true })).toHaveValue("19.99");
  await other.close();

  // The products list dates the tin's last change today: its price is part of it.
  await page.goto(`${backOffice}/products`);
  await expect(
    page.getByRole("list", { name: "Products found" }).getByRole("listitem").filter({ hasText: "Shilajit Travel Tin" }),
  ).toContainText(`Changed ${shopDate(new Date())}`);

  // The storefront follows within its cache window, and a checkout charges the new price.
  await expect
    .poll(() => canadianTinPrice(page), { timeout: 10_000 })
    .toBe("Sale price CA$19.99Regular price CA$24.49");
  await page.goto(`${e2eSettings.webUrl}/ca/store`);
  await expect(
    page.getByTestId("product-card").filter({ hasText: "Shilajit Travel Tin 5 g" }).getByTestId("price"),
  ).toHaveText("Sale price CA$19.99Regular price CA$24.49");
  await page.goto(`${e2eSettings.webUrl}/ca/product/prod_travel_tin`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("dialog", { name: "Your Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout\/cs_/);
  await expect(page.getByTestId("subtotal")).toHaveText("CA$19.99");
});

/** A day as the back office writes it in the shop's time zone ("1 Mar 2026"). */
function shopDate(instant: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: shopTimeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(instant);
}

/** No axe violation, and nothing wider than the screen (no sideways scrolling at 375 px). */
async function expectAccessibleAndFitting(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} is wider than the screen`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, label);
}

/** A shopper whose email address is longer than a phone's screen is wide. */
function longEmailShopper() {
  return { ...nepalShopper("Kathmandu"), email: `a.very.long.mailbox.name.${Date.now()}@herbo-example.com` };
}

/** The owner's signed-in cookie, saved once and reused by the page checks (each would otherwise sign in). */
const ownerState = path.join(tmpdir(), `herbo-e2e-owner-${e2eSettings.apiPort}.json`);

test.beforeAll(async ({ browser }) => {
  // An empty state of its own: a worker that starts inside "signed in" would otherwise hand this context
  // the saved cookie (the runner applies `use` options to browser.newContext), and it would be signed in.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await signInToBackOffice(await context.newPage());
  await context.storageState({ path: ownerState });
  await context.close();
  // An order whose email address is one long word: no list or page may grow wider than 375 px for it.
  await placeOrderDirectly(longEmailShopper());
});

const listPages = [
  ["/", "Overview"],
  ["/orders", "Orders"],
  ["/payments/owed", "Payments to give back"],
  ["/products", "Products"],
  ["/stock", "Stock"],
  ["/prices", "Prices"],
  ["/promotions", "Promotions"],
  ["/shipping", "Shipping & tax"],
  ["/emails", "Emails"],
  ["/no-such-page", "Page not found"],
] as const;

/**
 * Each page is checked at a phone's width and then, resized in place, at a laptop's: the media queries
 * apply as on a fresh load, and each page's sign-in, order and navigation are paid once for both.
 */
const widths = [375, 1280] as const;

/** No axe violation and nothing wider than the screen, at each width in turn. */
async function expectAccessibleAtEveryWidth(page: Page, label: string): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessibleAndFitting(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: widths[0], height: 800 });
}

test.describe("at 375 px and 1280 px", () => {
  test.use({ viewport: { width: widths[0], height: 800 } });

  test("the sign-in page is accessible", async ({ page }) => {
    await page.goto(backOffice);
    await expect(page.getByRole("heading", { name: "Sign in to the back office" })).toBeVisible();
    await expectAccessibleAtEveryWidth(page, "sign-in");
    // Another address than the owner's, so these refusals do not count against the owner's sign-in limit.
    await page.getByLabel("Email").fill("not-an-owner@herbo.test");
    await page.getByLabel("Password").fill("a wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectAccessibleAtEveryWidth(page, "sign-in with its error");
  });

  test.describe("signed in", () => {
    test.use({ storageState: ownerState });

    for (const [address, heading] of listPages) {
      test(`${heading} is accessible`, async ({ page }) => {
        await page.goto(`${backOffice}${address}`);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        if (address === "/") await expect(page.getByRole("heading", { name: /^Low on stock/ })).toBeVisible();
        await expectAccessibleAtEveryWidth(page, heading);
      });
    }

    test.describe("reading an email", () => {
      // The browser refuses to run anything in the preview's sandboxed frame and says so on the console
      // (Playwright's own helpers try): that refusal is the sandbox working, the one error allowed here.
      test.use({
        allowConsoleErrors:
          /^Blocked script execution in '[^']*\/admin\/api\/emails\/msg_[A-Za-z0-9_-]+\/preview' because the document's frame is sandboxed/,
      });
      test("an email in the outbox can be read, as text and as its sandboxed HTML, accessibly", async ({ page }) => {
        // Axe runs at two widths on each of its states: more than the default time on a loaded machine.
        test.slow();
        const shopper = longEmailShopper();
        const number = await placeOrderDirectly(shopper);
        await page.goto(`${backOffice}/emails`);
        const email = page.getByTestId("email").filter({ hasText: shopper.email }).first();
        await email.getByRole("button", { name: /^Read the email/ }).click();
        await expect(email.getByRole("button", { name: /^Hide the email/ })).toHaveAttribute("aria-expanded", "true");
        await expect(email.getByText(`Subject: Your order ${number} is confirmed`)).toBeVisible();
        await expect(email.locator("pre")).toContainText(number);
        // The HTML runs in a frame sandboxed twice: by its attribute (no scripts, an origin of its own) and
        // by the preview's own policy. Nothing may run in it, test tools included, so it is read by request.
        const frame = email.locator("iframe");
        await expect(frame).toHaveAttribute("sandbox", "");
        await expect(frame).toHaveAttribute(
          "title",
          new RegExp(` to ${shopper.email.replaceAll(".", "\\.")}, as sent$`),
        );
        const preview = await page.request.get(new URL((await frame.getAttribute("src")) ?? "", page.url()).href);
        expect(preview.status()).toBe(200);
        expect(preview.headers()["content-security-policy"]).toMatch(/^sandbox; default-src 'none'/);
        expect(await preview.text()).toContain(number);
        // Axe cannot run inside a frame that runs no script: the rest of the open email is checked without it.
        await frame.evaluate((element) => element.remove());
        await expectAccessibleAtEveryWidth(page, "an email opened in the outbox");
      });
    });

    test("a product's page, with its editors, variants and prices, is accessible", async ({ page }) => {
      // Axe runs at two widths on each of its states: more than the default time on a loaded machine.
      test.slow();
      await page.goto(`${backOffice}/products/prod_himalayan_resin`);
      await expect(page.getByRole("heading", { level: 1, name: "Pure Himalayan Shilajit Resin" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Description" })).toBeVisible();
      await expect(page.getByRole("form", { name: /^Prices of / })).toHaveCount(3);
      // Each price field names its variant and currency, for the eye and for a screen reader.
      await expect(
        page.getByRole("form", { name: "Prices of Pure Himalayan Shilajit Resin, 20 g" }).getByRole("textbox", {
          name: "Sale price of 20 g in USD",
          exact: true,
        }),
      ).toBeVisible();
      await page.getByText("Add a variant").click();
      // A new variant counts its stock unless the owner unticks it.
      const newVariant = page.getByRole("form", { name: "Add a variant" });
      await expect(newVariant.getByRole("checkbox", { name: "Count its stock" })).toBeChecked();
      await expect(
        newVariant.getByRole("textbox", { name: "Price of the new variant in AED", exact: true }),
      ).toBeVisible();
      await expectAccessibleAtEveryWidth(page, "product");
    });

    test("an order's page, with its shipment and cancellation forms, is accessible", async ({ page }) => {
      // Axe runs at two widths on each of its states: more than the default time on a loaded machine.
      test.slow();
      const number = await placeOrderDirectly(longEmailShopper());
      await page.goto(`${backOffice}/orders/${number}`);
      await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
      await expect(page.getByRole("region", { name: "History" })).toBeVisible();
      await expectAccessibleAtEveryWidth(page, "order");
      await page.getByRole("button", { name: "Mark shipped" }).click();
      await expect(page.getByRole("form", { name: "Shipment" })).toBeVisible();
      await expectAccessibleAtEveryWidth(page, "order with the shipment form");
      await page.getByRole("button", { name: "Cancel order" }).click();
      await expect(page.getByRole("form", { name: "Cancellation" })).toBeVisible();
      await expectAccessibleAtEveryWidth(page, "order with the cancellation form");
    });
  });
});

test("the back office is never indexed and loads nothing from elsewhere", async ({ request }) => {
  const response = await request.get(`${backOffice}/orders`);
  expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response.headers()["content-security-policy"]).toContain("script-src 'self'");
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
  const asset = await request.get(`${e2eSettings.apiUrl}${script}`);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});
