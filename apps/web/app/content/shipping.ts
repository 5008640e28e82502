import {
  defaultDecimalDigits,
  handlingDays,
  marketCurrencyDigits,
  returnsPolicy,
  shippingRates as offeredRates,
} from "@herbo/hosted-api";
import type { ShippingRate } from "~/lib/store-api/types";

/**
 * The shop's published delivery offer (the contract package's `shop-offer`, which seeds the store API's
 * rates), and what a shopper may send back. Pages quote the store's live rates, which the owner changes in
 * the back office; this offer stands in only against a backend that has no rates to give.
 */
export const publishedShippingRates: readonly ShippingRate[] = offeredRates.map((rate) => ({
  country: rate.country,
  countryName: rate.countryName,
  currency: rate.currencyCode,
  amount: rate.amount,
  decimalDigits: marketCurrencyDigits(rate.currencyCode) ?? defaultDecimalDigits,
  handlingDays,
  transitDays: rate.transitDays,
}));

/** A country's rate among the given ones, if the shop delivers there. */
export function shippingRateFor(rates: readonly ShippingRate[], country: string): ShippingRate | undefined {
  return rates.find((candidate) => candidate.country === country);
}

/**
 * The "100% satisfaction guaranteed" claim (docs/storefront.md#overview), as a promise the shop can keep:
 * within the return window an order can be sent back by post for a full refund of what was paid for it; the
 * return postage is the shopper's unless the order arrived damaged or wrong.
 */
export const returnPolicy = {
  countries: offeredRates.map((rate) => rate.country),
  days: returnsPolicy.windowDays,
  method: "by-mail",
  returnPostage: "paid-by-shopper",
  refund: "full",
} as const;
