/**
 * The shop's published delivery and returns offer. The store API seeds its shipping-rates table from it
 * once; from then on the rates are the owner's to set in the back office, and the storefront's shipping
 * page and structured data quote the store's live rates (GET /store/{id}/shipping-rates), so what a page
 * promises is what checkout charges. The storefront quotes these figures only against a backend without
 * that call.
 */

/** The countries the shop delivers to, as ISO 3166-1 alpha-2 codes. */
export const shippingCountries = ["NP", "IN", "US", "GB", "CA", "AE"] as const;
export type ShippingCountry = (typeof shippingCountries)[number];

export function isShippingCountry(value: unknown): value is ShippingCountry {
  return typeof value === "string" && (shippingCountries as readonly string[]).includes(value);
}

export interface ShippingRate {
  country: ShippingCountry;
  /** English name, as addresses and pages print it. */
  countryName: string;
  /** Flat rate per order in minor units of `currencyCode`; 0 is free delivery. */
  amount: number;
  currencyCode: string;
  /** Business days from dispatch to the door. */
  transitDays: { min: number; max: number };
}

/** Where the courier collects cash at the door: cash on delivery, free across Nepal (docs/storefront.md#overview). */
export const cashOnDeliveryCountries: readonly ShippingCountry[] = ["NP"];

/** Business days between the order and its dispatch. */
export const handlingDays = { min: 1, max: 2 } as const;

/**
 * Business days from the order to the door: the shop's handling, then the courier's transit. The one
 * figure the shipping page, checkout and the emails all show.
 */
export function orderToDoorDays(
  transit: { min: number; max: number },
  handling: { min: number; max: number } = handlingDays,
): { min: number; max: number } {
  return { min: handling.min + transit.min, max: handling.max + transit.max };
}

/**
 * One flat rate per country, in the currency of the market that delivers there: each country belongs to one
 * market, so its rate is in the currency its shoppers see. Nepal is free (docs/storefront.md#overview). A fresh
 * shop's first rates; the owner changes them in the back office.
 */
export const shippingRates: readonly ShippingRate[] = [
  { country: "NP", countryName: "Nepal", amount: 0, currencyCode: "NPR", transitDays: { min: 1, max: 5 } },
  { country: "IN", countryName: "India", amount: 14_900, currencyCode: "INR", transitDays: { min: 5, max: 9 } },
  {
    country: "US",
    countryName: "United States",
    amount: 1_299,
    currencyCode: "USD",
    transitDays: { min: 7, max: 14 },
  },
  {
    country: "GB",
    countryName: "United Kingdom",
    amount: 999,
    currencyCode: "GBP",
    transitDays: { min: 6, max: 12 },
  },
  { country: "CA", countryName: "Canada", amount: 1_699, currencyCode: "CAD", transitDays: { min: 8, max: 15 } },
  {
    country: "AE",
    countryName: "United Arab Emirates",
    amount: 4_500,
    currencyCode: "AED",
    transitDays: { min: 4, max: 8 },
  },
];

/** The satisfaction guarantee as a returns policy. */
export const returnsPolicy = {
  /** Days after delivery within which a shopper may ask for a refund. */
  windowDays: 30,
  /** Opened jars may be returned under the guarantee. */
  acceptsOpened: true,
  /** Who pays the return postage: the shop, for items that arrive damaged or wrong; else the shopper. */
  returnShippingPaidBy: "shopper",
} as const;
