import type { Page } from "@playwright/test";
import { e2eSettings } from "../settings.mjs";
import { expect } from "./fixtures";

/**
 * Opens the hosted checkout for one Travel Tin (its stock is not counted, so no other test notices), priced in
 * the given currency (the store's first, Nepal's, without one).
 */
export async function openCheckout(page: Page, currency?: string): Promise<void> {
  const created = await fetch(`${e2eSettings.apiUrl}/store/${e2eSettings.storeId}/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      items: [{ variant_id: "var_travel_tin", quantity: 1 }],
      successUrl: `${e2eSettings.webUrl}/success`,
      cancelUrl: `${e2eSettings.webUrl}/store`,
      ...(currency === undefined ? {} : { currency }),
    }),
  });
  expect(created.status).toBe(200);
  const { url } = (await created.json()) as { url: string };
  await page.goto(url);
}

export interface NepalShopper {
  email: string;
  fullName: string;
  phone: string;
  line1: string;
  city: string;
  province: string;
  district: string;
  postalCode: string;
}

/** A shopper in Nepal, with an email address no other test uses (their emails are found by it). */
export function nepalShopper(city: "Kathmandu" | "Pokhara" = "Kathmandu"): NepalShopper {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return city === "Kathmandu"
    ? {
        email: `asha.${unique}@example.com`,
        fullName: "Asha Gurung",
        phone: "9812345678",
        line1: "Thamel Marg 12",
        city: "Kathmandu",
        province: "Bagmati Province",
        district: "Kathmandu",
        postalCode: "44600",
      }
    : {
        email: `bikash.${unique}@example.com`,
        fullName: "Bikash Thapa",
        phone: "9856012345",
        line1: "Lakeside Road 7",
        city: "Pokhara",
        province: "Gandaki Province",
        district: "Kaski",
        postalCode: "33700",
      };
}

/** Fills the hosted checkout's details form for a Nepal address (without sending it). */
export async function fillNepalDetails(page: Page, shopper: NepalShopper): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Full name").fill(shopper.fullName);
  await page.getByLabel("Phone").fill(shopper.phone);
  await page.getByLabel("Country").selectOption("NP");
  await page.getByLabel("Street address").fill(shopper.line1);
  await page.getByLabel("City or municipality").fill(shopper.city);
  await page.getByLabel("Province").selectOption({ label: shopper.province });
  await page.getByLabel("District").selectOption(shopper.district);
  await page.getByLabel(/Postal code/).fill(shopper.postalCode);
}

/** From the details step to the payment step with a Nepal address. */
export async function enterNepalDetails(page: Page, shopper: NepalShopper = nepalShopper()): Promise<void> {
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await fillNepalDetails(page, shopper);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
}

/** Fills and sends the sandbox card form. */
export async function payByCard(page: Page, number = "4242 4242 4242 4242"): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Security code").fill("123");
  // The card form's own button: a shop that also offers Stripe shows a second "Pay …" button beside it.
  await page
    .locator("form", { has: page.getByLabel("Card number") })
    .getByRole("button", { name: /^Pay / })
    .click();
}
