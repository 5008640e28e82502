import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/accessibility";
import { enterNepalDetails, fillNepalDetails, nepalShopper, openCheckout } from "./support/checkout";
import { expect, failedResource, test } from "./support/fixtures";

// A refused form is answered 422, which Chromium logs as a failed resource.
test.use({ allowConsoleErrors: failedResource });

/** The summary is in the first screen, holds the focus, and its link takes the focus to the field. */
async function expectSummaryLeadingTo(page: Page, message: string, field: Locator): Promise<void> {
  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(summary).toBeFocused();
  const box = await summary.boundingBox();
  expect(box, "the error summary has a box").not.toBeNull();
  expect(box?.y ?? Infinity, "the summary's top is in the first screen").toBeLessThan(page.viewportSize()?.height ?? 0);
  await expectNoAxeViolations(page, "the page with its error summary");
  const link = summary.getByRole("link", { name: message });
  await expect(link).toBeVisible();
  await link.click();
  await expect(field).toBeFocused();
}

test.describe("on a phone, a refused checkout form", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("a declined card puts 'There is a problem' first on the screen, its link leading to the card number", async ({
    page,
  }) => {
    await openCheckout(page);
    await enterNepalDetails(page);
    // The fields say what they want in hints, not in grey example values that look typed.
    const expiry = page.getByLabel("Expiry (MM/YY)");
    await expect(expiry).toHaveAccessibleDescription("Month and year, as on the card");
    await expect(page.locator("input[placeholder]")).toHaveCount(0);
    // A slip in the expiry date is caught before anything is sent, so the typed card number stays.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await expiry.fill("13/29");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("alert")).toHaveText("Enter the expiry date as MM/YY, such as 11/29.");
    await expect(expiry).toBeFocused();
    await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");
    // Typed as a phone's number pad gives it, without the slash, it is read as November 2029.
    await expiry.fill("1129");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    const message = "Your card was declined. No money was taken; try another card.";
    await expect(page.getByRole("alert")).toHaveText(message);
    mkdirSync("/tmp/shots", { recursive: true });
    await page.screenshot({ path: "/tmp/shots/item1-declined-card.png" });
    const cardNumber = page.getByLabel("Card number");
    await expectSummaryLeadingTo(page, message, cardNumber);
    // The field still carries its own message.
    await expect(cardNumber).toHaveAccessibleDescription(message);
    await expect(page.getByLabel("Name on card")).toHaveValue(/\S/);
  });

  test("a refused phone number shows the summary, and the fields keep what was typed", async ({ page }) => {
    await openCheckout(page);
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    const shopper = nepalShopper();
    await fillNepalDetails(page, { ...shopper, phone: "12" });
    await page.getByRole("button", { name: "Continue to payment" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeVisible();
    const message = (await page.locator("#field-phone-error").textContent()) ?? "";
    expect(message).toContain("phone number in Nepal");
    await expect(page.getByRole("alert")).toHaveText(message);
    mkdirSync("/tmp/shots", { recursive: true });
    await page.screenshot({ path: "/tmp/shots/item1-refused-details.png" });
    const phone = page.getByLabel("Phone");
    await expectSummaryLeadingTo(page, message, phone);
    await expect(phone).toHaveValue("12");
    await expect(phone).toHaveAttribute("aria-describedby", /field-phone-error/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(shopper.email);
    await expect(page.getByLabel("Street address")).toHaveValue(shopper.line1);
  });
});
