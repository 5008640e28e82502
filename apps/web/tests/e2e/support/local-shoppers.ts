import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A shopper with a local address in one market's country, as the hosted checkout's form asks for it. */
export interface LocalShopper {
  country: "US" | "GB" | "CA" | "AE" | "IN";
  email: string;
  fullName: string;
  phone: string;
  line1: string;
  city: string;
  /** The region's option value (state, province, emirate), when the country has one. */
  region: string | null;
  postalCode: string | null;
}

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Shoppers in Austin, London, Toronto, Dubai and Mumbai, each with an email no other test uses. */
export function localShopper(country: LocalShopper["country"]): LocalShopper {
  const id = unique();
  switch (country) {
    case "US":
      return {
        country,
        email: `jordan.${id}@example.com`,
        fullName: "Jordan Lee",
        phone: "(415) 555-2671",
        line1: "401 Congress Avenue",
        city: "Austin",
        region: "TX",
        postalCode: "78701",
      };
    case "GB":
      return {
        country,
        email: `oliver.${id}@example.co.uk`,
        fullName: "Oliver Smith",
        phone: "07400 123456",
        line1: "221B Baker Street",
        city: "London",
        region: null,
        postalCode: "NW1 6XE",
      };
    case "CA":
      return {
        country,
        email: `emma.${id}@example.ca`,
        fullName: "Emma Tremblay",
        phone: "(613) 555-0199",
        line1: "100 Queen Street West",
        city: "Toronto",
        region: "ON",
        postalCode: "M5H 2N2",
      };
    case "AE":
      return {
        country,
        email: `omar.${id}@example.ae`,
        fullName: "Omar Al Farsi",
        phone: "050 123 4567",
        line1: "Sheikh Zayed Road, Tower 3, Apt 1204",
        city: "Dubai",
        region: "DU",
        postalCode: null,
      };
    case "IN":
      return {
        country,
        email: `priya.${id}@example.in`,
        fullName: "Priya Sharma",
        phone: "98765 43210",
        line1: "12 Marine Drive",
        city: "Mumbai",
        region: "MH",
        postalCode: "400020",
      };
  }
}

const cityLabel: Record<LocalShopper["country"], string> = {
  US: "City",
  GB: "Town or city",
  CA: "City",
  AE: "City or area",
  IN: "City or town",
};

const regionLabel: Record<LocalShopper["country"], string | null> = {
  US: "State",
  GB: null,
  CA: "Province or territory",
  AE: "Emirate",
  IN: "State or union territory",
};

const postalLabel: Record<LocalShopper["country"], string | null> = {
  US: "ZIP code",
  GB: "Postcode",
  CA: "Postal code",
  AE: null,
  IN: "PIN code",
};

/** Fills the first step with the shopper's details (and a discount code, when given), without sending it. */
export async function fillLocalDetails(page: Page, shopper: LocalShopper, discountCode?: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await expect(page.getByLabel("Country")).toHaveValue(shopper.country);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Full name").fill(shopper.fullName);
  await page.getByLabel("Phone").fill(shopper.phone);
  await page.getByLabel("Street address").fill(shopper.line1);
  await page.getByLabel(cityLabel[shopper.country], { exact: true }).fill(shopper.city);
  const region = regionLabel[shopper.country];
  if (region !== null && shopper.region !== null) await page.getByLabel(region).selectOption(shopper.region);
  const postal = postalLabel[shopper.country];
  if (postal !== null && shopper.postalCode !== null) await page.getByLabel(postal).fill(shopper.postalCode);
  if (discountCode !== undefined) await page.getByLabel("Discount code").fill(discountCode);
}

/**
 * From the details step to the payment step with a local address. The form of a market's checkout starts
 * in the market's country, so its fields are already that country's.
 */
export async function enterLocalDetails(page: Page, shopper: LocalShopper, discountCode?: string): Promise<void> {
  await fillLocalDetails(page, shopper, discountCode);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
}
