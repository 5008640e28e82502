import { formatMoney, handlingDays, returnsPolicy, shippingRates } from "@herbo/hosted-api";
import { e2eSettings } from "./settings.mjs";
import { expect, open, test } from "./support/fixtures";

const pages = [
  { path: "/shipping", link: "Shipping & Delivery", heading: "Shipping & Delivery" },
  { path: "/returns", link: "Returns & Refunds", heading: "Returns & Refunds" },
  { path: "/terms", link: "Terms of Sale", heading: "Terms of Sale" },
  { path: "/privacy", link: "Privacy Policy", heading: "Privacy Policy" },
];

test("the footer links to the four help pages, each with its own heading, title and contact details", async ({
  page,
}) => {
  await open(page, "/");
  for (const { path, link, heading } of pages) {
    await page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: "Help" })
      .getByRole("link", { name: link })
      .click();
    await expect(page).toHaveURL(`${e2eSettings.webUrl}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | Herbo Shilajit`);
    const contact = page.getByRole("region", { name: "Contact us" });
    await expect(contact.getByRole("link", { name: "care@herboshilajit.com" })).toHaveAttribute(
      "href",
      "mailto:care@herboshilajit.com",
    );
    await expect(contact.getByRole("link", { name: "+977 9812345678" })).toHaveAttribute("href", "tel:+9779812345678");
  }
});

test.describe("with JavaScript off, as crawlers read them", () => {
  test.use({ javaScriptEnabled: false });

  test("the help pages are complete static HTML, indexable, with canonical and social tags", async ({ page }) => {
    const descriptions = new Set<string>();
    for (const { path, heading } of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${e2eSettings.webUrl}${path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${heading} | Herbo Shilajit`);
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(description.length, path).toBeGreaterThan(50);
      expect(description.length, path).toBeLessThanOrEqual(160);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${e2eSettings.webUrl}${path}`);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http.*\.png$/);
      descriptions.add(description);
      await expect(page.locator("main")).not.toContainText("{{");
    }
    expect(descriptions.size).toBe(pages.length);
  });

  test("the shipping table lists every country of the shop's offer: Nepal free with cash on delivery, the rest at their rate", async ({
    page,
  }) => {
    await page.goto("/shipping");
    const rows = page.getByTestId("shipping-rates").locator("tbody tr");
    await expect(rows).toHaveCount(shippingRates.length);
    for (const [index, rate] of shippingRates.entries()) {
      const cells = rows.nth(index).locator("th, td");
      // Each rate in its own market's currency, rupees as Nepal's pages write them (docs/storefront.md#prices).
      const charge =
        rate.amount === 0
          ? "Free"
          : formatMoney(
              rate.amount,
              rate.currencyCode === "NPR"
                ? { code: "NPR", template: "Rs. $1", decimalDigits: 2 }
                : { code: rate.currencyCode },
            );
      await expect(cells).toHaveText([
        rate.countryName,
        charge,
        // From the order, handling included: the figure checkout and the emails show.
        `${handlingDays.min + rate.transitDays.min}–${handlingDays.max + rate.transitDays.max} business days`,
        rate.country === "NP" ? "Yes" : "No, card only",
      ]);
    }
    await expect(rows.first().locator("th, td")).toHaveText(["Nepal", "Free", /business days/, "Yes"]);
    await expect(rows.filter({ hasText: "United States" }).locator("td").first()).toHaveText("$12.99");
    await expect(page.locator("main")).toContainText("Cash on delivery is available for delivery addresses in Nepal.");
  });

  test("the returns page states the guarantee's figures from the shop's offer", async ({ page }) => {
    await page.goto("/returns");
    const summary = page.getByTestId("returns-summary");
    await expect(summary).toContainText(`${returnsPolicy.windowDays} days from delivery`);
    await expect(summary).toContainText(
      returnsPolicy.acceptsOpened ? "Accepted under our satisfaction guarantee" : "Not accepted",
    );
    await expect(page.locator("main")).toContainText(
      `within ${returnsPolicy.windowDays} days of the day your order was delivered`,
    );
    await expect(page.locator("main")).toContainText("Cash on delivery orders are refunded in cash.");
  });
});
