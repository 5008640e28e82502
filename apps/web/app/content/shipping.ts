import {
  defaultDecimalDigits,
  handlingDays,
  marketCurrencyDigits,
  returnsPolicy,
  shippingRates as offeredRates,
  type ShippingCountry,
} from "@herbo/hosted-api";

/**
 * Where the shop ships, what it costs and how long it takes, and what a shopper may send back, as the
 * storefront's structured data and pages describe it. The figures are the contract package's shop offer,
 * which also seeds the store API's shipping-rates table: what a page promises is what checkout charges.
 */

export type { ShippingCountry };

export interface DayRange {
  min: number;
  max: number;
}

export interface ShippingRate {
  country: ShippingCountry;
  /** ISO 4217 code of the currency the rate is charged in. */
  currency: string;
  /** Flat rate per order, in minor units of the currency (0 is free delivery). */
  amount: number;
  /** Digits after the decimal point in the currency. */
  decimalDigits: number;
  /** Business days from the order to dispatch from Kathmandu. */
  handlingDays: DayRange;
  /** Days from dispatch to the shopper's door. */
  transitDays: DayRange;
}

/** Each rate is in the currency of the market that delivers there (issue 26), with that currency's digits. */
export const shippingRates: readonly ShippingRate[] = offeredRates.map((rate) => ({
  country: rate.country,
  currency: rate.currencyCode,
  amount: rate.amount,
  decimalDigits: marketCurrencyDigits(rate.currencyCode) ?? defaultDecimalDigits,
  handlingDays,
  transitDays: rate.transitDays,
}));

export function shippingRateFor(country: ShippingCountry): ShippingRate {
  const rate = shippingRates.find((candidate) => candidate.country === country);
  if (rate === undefined) throw new Error(`No shipping rate for ${country}`);
  return rate;
}

/**
 * SPEC §1's "100% satisfaction guaranteed", as a promise the shop can keep: within the return window an
 * order can be sent back by post for a full refund of what was paid for it; the return postage is the
 * shopper's unless the order arrived damaged or wrong.
 */
export const returnPolicy = {
  countries: shippingRates.map((rate) => rate.country),
  days: returnsPolicy.windowDays,
  method: "by-mail",
  returnPostage: "paid-by-shopper",
  refund: "full",
} as const;
