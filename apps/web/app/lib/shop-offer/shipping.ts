/**
 * The shop's delivery offer (the contract package's `shop-offer`) in the words the shipping page prints,
 * so the page never states a charge that checkout does not make.
 */
import {
  cashOnDeliveryCountries,
  formatMoney,
  marketOfCurrency,
  shippingRates,
  type MoneyCurrency,
  type ShippingCountry,
  type ShippingRate,
} from "@herbo/hosted-api";

export { cashOnDeliveryCountries };

/** Rupees as SPEC §9 writes them ("Rs. 1500.00"); the other markets' currencies as their markets do. */
const nepaleseRupees: MoneyCurrency = { code: "NPR", template: "Rs. $1", decimalDigits: 2 };

/**
 * "Free" for 0, else the amount in its own currency, as that currency's market writes it ("Rs. 1500.00",
 * "$12.99", "₹149.00"): each rate is in the currency of the market that delivers there (issue 26).
 */
export function formatShippingCharge(rate: Pick<ShippingRate, "amount" | "currencyCode">): string {
  if (rate.amount === 0) return "Free";
  // Fails the build that prerenders the shipping page, rather than printing an amount in the wrong form.
  if (marketOfCurrency(rate.currencyCode) === undefined) {
    throw new Error(`No display format for shipping rates in ${rate.currencyCode}`);
  }
  return formatMoney(rate.amount, rate.currencyCode === "NPR" ? nepaleseRupees : { code: rate.currencyCode });
}

/** { min: 1, max: 2 } → "1–2 business days"; { min: 1, max: 1 } → "1 business day". */
export function formatBusinessDays(range: { min: number; max: number }): string {
  if (range.min === range.max) return `${range.min} business ${range.min === 1 ? "day" : "days"}`;
  return `${range.min}–${range.max} business days`;
}

/** A country's name as a sentence uses it: "the United States", "Nepal". */
export interface ShippingTableRow {
  country: ShippingCountry;
  destination: string;
  charge: string;
  deliveryTime: string;
  cashOnDelivery: boolean;
}

/** One row per country the shop delivers to, in the offer's order. */
export function shippingTableRows(
  rates: readonly ShippingRate[] = shippingRates,
  codCountries: readonly ShippingCountry[] = cashOnDeliveryCountries,
): ShippingTableRow[] {
  return rates.map((rate) => ({
    country: rate.country,
    destination: rate.countryName,
    charge: formatShippingCharge(rate),
    deliveryTime: formatBusinessDays(rate.transitDays),
    cashOnDelivery: codCountries.includes(rate.country),
  }));
}
