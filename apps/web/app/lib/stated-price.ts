/**
 * Prices written into the shop's copy (the home hero and About text, the Nepal page, blog articles). A price
 * a page states is a promise, so none is typed into the copy: each comes from the catalogue's price of the
 * product it names, in the page's currency, and reads as the product cards write prices (`formatMoney`),
 * except the Nepal home hero's "1,200 rupees", whose wording is the brand's.
 */
import { decimalAmount, formatMoney, markets, type Market, type MarketCode } from "@herbo/hosted-api";
import { flagshipPrice, type QuotedPrice } from "./flagship";
import { pricedForMarket } from "./markets";
import { cardProductOf } from "./store-api";
import type { CataloguePrice } from "./seo/structured-data";
import type { Product } from "./store-api/types";
import type { PricedCopy } from "~/content/types";

const pricePlaceholder = "{price}";

/** The copy with the price written in, or its wording without a price when there is none. */
export function statePrice(copy: PricedCopy, price: string | null): string {
  if (price === null) return copy.withoutPrice;
  if (!copy.withPrice.includes(pricePlaceholder)) throw new Error(`Priced copy without ${pricePlaceholder}`);
  return copy.withPrice.replace(pricePlaceholder, price);
}

/** A rupee amount as the Nepal home's hero says it: 120000 → "1,200 rupees", 120050 → "1,200.50 rupees". */
export function rupeesInWords(minorUnits: number): string {
  const fraction = minorUnits % 100 === 0 ? 0 : 2;
  const number = new Intl.NumberFormat("en-US", { minimumFractionDigits: fraction, maximumFractionDigits: 2 });
  return `${number.format(Number(decimalAmount(minorUnits, 2)))} rupees`;
}

/** A quoted price in the shop's one style for prices in copy: the product cards' `formatMoney`. */
export function priceInCopy(quoted: QuotedPrice): string {
  return formatMoney(quoted.amount, quoted.currency);
}

/** The flagship's price in one market: its currency's price list, as that market's cards show it. */
export function flagshipPriceIn(products: readonly Product[], market: Market): QuotedPrice | null {
  return flagshipPrice(products.map((product) => cardProductOf(pricedForMarket(product, market))));
}

/** The flagship's price in every market, for copy that quotes several (a blog article). */
export function flagshipPricesByMarket(products: readonly Product[]): Map<MarketCode, QuotedPrice> {
  const prices = new Map<MarketCode, QuotedPrice>();
  for (const market of markets) {
    const quoted = flagshipPriceIn(products, market);
    if (quoted !== null) prices.set(market.code, quoted);
  }
  return prices;
}

/** A quoted price as structured data's offer takes it: minor units, the upper-case ISO code, its digits. */
export function cataloguePriceOf(quoted: QuotedPrice): CataloguePrice {
  return {
    amount: quoted.amount,
    currency: quoted.currency.code.toUpperCase(),
    decimalDigits: quoted.currency.decimalDigits,
  };
}
