import type { AdminOverview, AdminOverviewWarning } from "@herbo/hosted-api/admin";
import { expectNoAxeViolations } from "./support/accessibility";
import { signInToBackOffice } from "./support/back-office";
import { expect, failedResource, test } from "./support/fixtures";

// The back office asks the API who is signed in; before sign-in that is a 401, which Chromium logs.
test.use({ allowConsoleErrors: failedResource });

/**
 * Which warnings the store API reports is checked by its integration tests (failing emails, payments open
 * too long, on both databases); here the real overview answer gets two warnings added, to see how the
 * page shows them: a list under a heading at the top, each with its link, and no axe violation.
 */
const addedWarnings: AdminOverviewWarning[] = [
  {
    kind: "payment_open_too_long",
    provider: "khalti",
    checkoutId: "cs_e2e_overview",
    reference: "pidx_e2e_overview",
    orderNumber: "HS-1001",
    amount: { amount: 120_000, currency: "NPR", text: "Rs. 1,200.00" },
    startedAt: "2026-03-01T10:00:00.000Z",
  },
  { kind: "emails_failing", retrying: 2, givenUp: 1 },
  { kind: "placeholder_contact_number", phone: "9779800000000" },
];

/** Today's revenue in two currencies, which no sum can join. */
const revenueInTwoCurrencies = [
  { amount: 195_000, currency: "NPR", text: "Rs. 1950.00" },
  { amount: 23_000, currency: "AED", text: "AED 230.00" },
];

test("the overview lists what needs the owner's attention at the top, each with a link, and money per currency", async ({
  page,
}) => {
  await page.route("**/admin/api/overview", async (route) => {
    const response = await route.fetch();
    const overview = (await response.json()) as AdminOverview;
    await route.fulfill({
      response,
      json: {
        ...overview,
        warnings: [...addedWarnings, ...overview.warnings],
        today: { orders: 2, revenue: revenueInTwoCurrencies },
      },
    });
  });
  await signInToBackOffice(page, "/");
  const warnings = page.getByRole("region", { name: "Needs your attention" });
  await expect(warnings.getByRole("listitem").first()).toContainText(
    "The Khalti payment of Rs. 1,200.00 for order HS-1001 has been open since 1 Mar 2026, 15:45.",
  );
  await expect(warnings.getByRole("link", { name: "Open order HS-1001" })).toHaveAttribute(
    "href",
    /\/admin\/orders\/HS-1001$/,
  );
  await expect(warnings).toContainText("3 emails failing: 2 waiting to be tried again, 1 given up in the last 7 days.");
  await expect(warnings.getByRole("link", { name: "See the emails" })).toHaveAttribute("href", /\/admin\/emails$/);
  await expect(warnings).toContainText(
    "The shop's chat and contact number is still the placeholder +9779800000000: shoppers who call or message it reach nobody.",
  );
  // Revenue in several currencies is one figure per currency, never joined as if it were a sum.
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByRole("listitem")).toHaveText(["Rs. 1950.00", "AED 230.00"]);
  await expect(today).not.toContainText("+");
  await expectNoAxeViolations(page, "overview with warnings");

  await warnings.getByRole("link", { name: "See the emails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Emails" })).toBeVisible();
});
