/**
 * The shop's delivery rates in the words the shipping page prints: the store's live rates (issue 28), so
 * the page never states a charge that checkout does not make.
 */
import {
  cashOnDeliveryCountries,
  formatMoney,
  marketOfCurrency,
  orderToDoorDays,
  type MoneyCurrency,
  type ShippingCountry,
} from "@herbo/hosted-api";
import type { ShippingRate } from "~/lib/store-api/types";

export { cashOnDeliveryCountries };

/** Rupees as SPEC §9 writes them ("Rs. 1500.00"); the other markets' currencies as their markets do. */
const nepaleseRupees: MoneyCurrency = { code: "NPR", template: "Rs. $1", decimalDigits: 2 };

/**
 * "Free" for 0, else the amount in its own currency, as that currency's market writes it ("Rs. 1500.00",
 * "$12.99", "₹149.00"): each rate is in the currency of the market that delivers there (issue 26).
 */
export function formatShippingCharge(rate: Pick<ShippingRate, "amount" | "currency">): string {
  if (rate.amount === 0) return "Free";
  // Refused rather than printed in the wrong form (the caller leaves such a rate out).
  if (marketOfCurrency(rate.currency) === undefined) {
    throw new Error(`No display format for shipping rates in ${rate.currency}`);
  }
  return formatMoney(rate.amount, rate.currency === "NPR" ? nepaleseRupees : { code: rate.currency });
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
            // From the order, as checkout and the emails count it: handling, then the courier.
            deliveryTime: formatBusinessDays(orderToDoorDays(rate.transitDays, rate.handlingDays)),
            cashOnDelivery: (codCountries as readonly string[]).includes(rate.country),
          },
        ],
  );
}
