/**
 * Where the shop ships, what it costs and how long it takes, and what a shopper may send back.
 * Plain data with no imports from the web app, so it can move into the package the seed and the web
 * share once the orders issue's shipping-rates table exists (it would seed that table).
 */

/** ISO 3166-1 alpha-2 codes of the countries the shop delivers to. */
export type ShippingCountry = "NP" | "US" | "IN" | "GB" | "CA" | "AE";

/** ISO 4217 codes of the currencies the rates are charged in. */
export type ShippingCurrency = "NPR" | "USD" | "INR" | "GBP" | "CAD" | "AED";

export interface DayRange {
  min: number;
  max: number;
}

export interface ShippingRate {
  country: ShippingCountry;
  currency: ShippingCurrency;
  /** Flat rate per order, in minor units of the currency (0 is free delivery). */
  amount: number;
  /** Digits after the decimal point in the currency (all six use 2). */
  decimalDigits: number;
  /** Business days from the order to dispatch from Kathmandu. */
  handlingDays: DayRange;
  /** Days from dispatch to the shopper's door. */
  transitDays: DayRange;
}

export const shippingRates: readonly ShippingRate[] = [
  // SPEC §1: free delivery across Nepal, by courier inside the country.
  {
    country: "NP",
    currency: "NPR",
    amount: 0,
    decimalDigits: 2,
    handlingDays: { min: 0, max: 1 },
    transitDays: { min: 1, max: 5 },
  },
  // International orders go out by tracked express post; India is nearest, North America farthest.
  {
    country: "IN",
    currency: "INR",
    amount: 499_00,
    decimalDigits: 2,
    handlingDays: { min: 1, max: 2 },
    transitDays: { min: 4, max: 8 },
  },
  {
    country: "AE",
    currency: "AED",
    amount: 45_00,
    decimalDigits: 2,
    handlingDays: { min: 1, max: 2 },
    transitDays: { min: 5, max: 9 },
  },
  {
    country: "GB",
    currency: "GBP",
    amount: 9_99,
    decimalDigits: 2,
    handlingDays: { min: 1, max: 2 },
    transitDays: { min: 7, max: 12 },
  },
  {
    country: "US",
    currency: "USD",
    amount: 12_99,
    decimalDigits: 2,
    handlingDays: { min: 1, max: 2 },
    transitDays: { min: 8, max: 14 },
  },
  {
    country: "CA",
    currency: "CAD",
    amount: 17_99,
    decimalDigits: 2,
    handlingDays: { min: 1, max: 2 },
    transitDays: { min: 8, max: 15 },
  },
];

export function shippingRateFor(country: ShippingCountry): ShippingRate {
  const rate = shippingRates.find((candidate) => candidate.country === country);
  if (rate === undefined) throw new Error(`No shipping rate for ${country}`);
  return rate;
}

/**
 * SPEC §1's "100% satisfaction guaranteed", as a promise the shop can keep: within 30 days of delivery
 * an order can be sent back by post for a full refund of what was paid for it; the return postage is
 * the shopper's.
 */
export const returnPolicy = {
  countries: shippingRates.map((rate) => rate.country),
  days: 30,
  method: "by-mail",
  returnPostage: "paid-by-shopper",
  refund: "full",
} as const;
