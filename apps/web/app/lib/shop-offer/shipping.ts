/**
 * The shop's delivery rates in the words the shipping page prints: the store's live rates, which the owner
 * sets in the back office, so the page never states a charge that checkout does not make.
 */
import {
  cashOnDeliveryCountries,
  formatMoney,
  marketOfCurrency,
  orderToDoorDays,
  type Market,
  type MoneyCurrency,
  type ShippingCountry,
} from "@herbo/hosted-api";
import type { ShippingRate } from "~/lib/store-api/types";

export { cashOnDeliveryCountries };

/** Rupees as Nepal's pages write them ("Rs. 1500.00"); the other markets' currencies as their markets do. */
const nepaleseRupees: MoneyCurrency = { code: "NPR", template: "Rs. $1", decimalDigits: 2 };

/**
 * "Free" for 0, else the amount in its own currency, as that currency's market writes it ("Rs. 1500.00",
 * "$12.99", "₹149.00"): each rate is in the currency of the market that delivers there.
 */
export function formatShippingCharge(rate: Pick<ShippingRate, "amount" | "currency">): string {
  if (rate.amount === 0) return "Free";
  return marketAmount(rate.amount, rate.currency);
}

/** An amount as the market of its currency writes it; refused rather than printed in the wrong form. */
function marketAmount(amount: number, currency: string): string {
  if (marketOfCurrency(currency) === undefined) {
    throw new Error(`No display format for shipping rates in ${currency}`);
  }
  return formatMoney(amount, currency === "NPR" ? nepaleseRupees : { code: currency });
}

/** A country's name as a sentence uses it: "the United States", "Nepal". */
export function countryInSentence(countryName: string): string {
  return /^United /.test(countryName) ? `the ${countryName}` : countryName;
}

/** { min: 1, max: 2 } → "1–2 business days"; { min: 1, max: 1 } → "1 business day". */
export function formatBusinessDays(range: { min: number; max: number }): string {
  if (range.min === range.max) return `${range.min} business ${range.min === 1 ? "day" : "days"}`;
  return `${range.min}–${range.max} business days`;
}

/** One row of the shipping page's table. */
export interface ShippingTableRow {
  country: string;
  destination: string;
  charge: string;
  /** Business days from the order to the door (handling and transit together). */
  deliveryTime: string;
  cashOnDelivery: boolean;
}

/**
 * One row per rate, in the store's order. A rate in a currency no market writes is left out: the page
 * never prints an amount in the wrong form, and checkout would not charge it to that country's shoppers.
 */
export function shippingTableRows(
  rates: readonly ShippingRate[],
  codCountries: readonly ShippingCountry[] = cashOnDeliveryCountries,
): ShippingTableRow[] {
  return rates.flatMap((rate) =>
    marketOfCurrency(rate.currency) === undefined
      ? []
      : [
          {
            country: rate.country,
            destination: rate.countryName,
            charge: formatShippingCharge(rate),
            deliveryTime: deliveryTime(rate),
            cashOnDelivery: (codCountries as readonly string[]).includes(rate.country),
          },
        ],
  );
}

/**
 * Business days from the order to the door, as checkout and the emails count them (handling, then the
 * courier): "9–17 business days".
 */
export function deliveryTime(rate: Pick<ShippingRate, "handlingDays" | "transitDays">): string {
  return formatBusinessDays(orderToDoorDays(rate.transitDays, rate.handlingDays));
}

/**
 * The rate a market's shoppers pay: the one to its country, in its currency (what checkout charges a cart
 * priced there). None when the store has no such rate, or only one in another currency.
 */
export function marketShippingRate(
  rates: readonly ShippingRate[],
  market: Pick<Market, "countries" | "currencyCode">,
): ShippingRate | undefined {
  return rates.find(
    (rate) => (market.countries as readonly string[]).includes(rate.country) && rate.currency === market.currencyCode,
  );
}

/**
 * A market's delivery in one line, as the product page and the cart state it beside the price:
 * "Shipping to Canada CA$16.99, 9–17 business days", "Free delivery to Nepal, 2–7 business days".
 */
export function shippingLine(rate: ShippingRate): string {
  const place = countryInSentence(rate.countryName);
  const charge = rate.amount === 0 ? `Free delivery to ${place}` : `Shipping to ${place} ${formatShippingCharge(rate)}`;
  return `${charge}, ${deliveryTime(rate)}`;
}

/** "Delivered in 9–17 business days": the line beside a landing page's delivery promise, as checkout words it. */
export function deliveredIn(rate: Pick<ShippingRate, "handlingDays" | "transitDays">): string {
  return `Delivered in ${deliveryTime(rate)}`;
}
