import {
  defaultDecimalDigits,
  maxLineQuantity,
  type QuantityPrice,
  type WireQuantityPrice,
  marketCurrencyDigits,
  type ShippingRatesResponse,
  type Unchecked,
  type WireMarketTax,
  type WireShippingRate,
} from "@herbo/hosted-api";
import { asArray, asRecord, asText, isWholeNumber } from "../json-guards";
import { UnexpectedResponseError } from "./reshape";
import type { DayRange, ShippingRate, StoreShipping } from "./types";

/** Longest delivery or handling time the storefront states: a year. */
const maxDays = 365;

function dayRange(min: unknown, max: unknown): DayRange | undefined {
  if (!isWholeNumber(min, 0, maxDays) || !isWholeNumber(max, min, maxDays)) return undefined;
  return { min, max };
}

/**
 * The store's shipping rates (GET /store/{id}/shipping-rates, our store API's own call), in its order. A
 * rate that cannot be read whole (a missing country, a negative or fractional amount, days out of order)
 * is left out: a page states only what checkout charges.
 */
export function reshapeShippingRates(json: unknown): ShippingRate[] {
  const raw = asRecord(json) as Unchecked<ShippingRatesResponse> | undefined;
  const entries = asArray(raw?.shipping_rates);
  const handling = asRecord(raw?.handling_days);
  const handlingDays = dayRange(handling?.min, handling?.max);
  if (entries === undefined || handlingDays === undefined) throw new UnexpectedResponseError("shipping rates");
  const rates: ShippingRate[] = [];
  for (const entry of entries) {
    const rate = asRecord(entry) as Unchecked<WireShippingRate> | undefined;
    const country = asText(rate?.country_code)?.toUpperCase();
    const currency = asText(rate?.currency_code)?.toUpperCase();
    const amount = rate?.amount;
    const transitDays = dayRange(rate?.min_days, rate?.max_days);
    if (
      country === undefined ||
      !/^[A-Z]{2}$/.test(country) ||
      currency === undefined ||
      !/^[A-Z]{3}$/.test(currency) ||
      !isWholeNumber(amount, 0, Number.MAX_SAFE_INTEGER) ||
      transitDays === undefined
    ) {
      continue;
    }
    rates.push({
      country,
      countryName: asText(rate?.country_name) ?? country,
      currency,
      amount,
      decimalDigits: marketCurrencyDigits(currency) ?? defaultDecimalDigits,
      handlingDays,
      transitDays,
    });
  }
  return rates;
}

/** Calls `read` with each readable entry of the answer's `markets` and its lower-case code. */
function eachMarket(json: unknown, read: (code: string, market: Unchecked<WireMarketTax>) => void): void {
  const entries = asArray((asRecord(json) as Unchecked<ShippingRatesResponse> | undefined)?.markets);
  if (entries === undefined) return;
  for (const entry of entries) {
    const market = asRecord(entry) as Unchecked<WireMarketTax> | undefined;
    if (market === undefined) continue;
    const code = asText(market.code)?.toLowerCase() ?? "";
    if (/^[a-z]{2}$/.test(code)) read(code, market);
  }
}

/**
 * Whether each market's prices include tax, from the same answer's `markets`, by lower-case market code.
 * An entry that cannot be read, or an answer without the list (an older store API), says nothing, and
 * the pages keep the contract's flag for that market.
 */
export function reshapeMarketTaxes(json: unknown): StoreShipping["pricesIncludeTax"] {
  const taxes: Partial<Record<string, boolean>> = {};
  eachMarket(json, (code, market) => {
    if (typeof market.prices_include_tax === "boolean") taxes[code] = market.prices_include_tax;
  });
  return taxes;
}

/**
 * Each market's free-shipping threshold, from the same answer's `markets`, by lower-case market code. Only a
 * whole, positive amount is read; anything else (null included) states no offer, so the cart never promises
 * free shipping that checkout would not give.
 */
export function reshapeFreeShipping(json: unknown): StoreShipping["freeShippingOver"] {
  const thresholds: Partial<Record<string, number>> = {};
  eachMarket(json, (code, market) => {
    const amount = market.free_shipping_over;
    if (isWholeNumber(amount, 1, Number.MAX_SAFE_INTEGER)) thresholds[code] = amount;
  });
  return thresholds;
}

/**
 * Each market's quantity prices, from the same answer's `quantity_prices`, by market and product, sorted by
 * units. An entry that cannot be read is left out, and a product whose tiers do not save more as they ask
 * more units (as checkout would never hold them) states none, so a page never promises a saving checkout
 * would not give.
 */
export function reshapeQuantityPrices(json: unknown): StoreShipping["quantityPrices"] {
  const entries = asArray((asRecord(json) as Unchecked<ShippingRatesResponse> | undefined)?.quantity_prices);
  const byMarket: Record<string, Record<string, QuantityPrice[]>> = {};
  for (const entry of entries ?? []) {
    const price = asRecord(entry) as Unchecked<WireQuantityPrice> | undefined;
    const market = asText(price?.market)?.toLowerCase() ?? "";
    const productId = asText(price?.product_id);
    const minQuantity = price?.min_quantity;
    const percent = price?.percent;
    if (
      /^[a-z]{2}$/.test(market) &&
      productId !== null &&
      isWholeNumber(minQuantity, 2, maxLineQuantity) &&
      isWholeNumber(percent, 1, 100)
    ) {
      ((byMarket[market] ??= {})[productId] ??= []).push({ minQuantity, percent });
    }
  }
  const held: Record<string, Record<string, QuantityPrice[]>> = {};
  for (const [market, products] of Object.entries(byMarket)) {
    for (const [productId, tiers] of Object.entries(products)) {
      tiers.sort((left, right) => left.minQuantity - right.minQuantity);
      // Each tier asks more units and saves more than the one before (the first against none: 0 and 0 %).
      const rising = tiers.every(
        (tier, index) =>
          tier.minQuantity > (tiers[index - 1]?.minQuantity ?? 0) && tier.percent > (tiers[index - 1]?.percent ?? 0),
      );
      if (rising) (held[market] ??= {})[productId] = tiers;
    }
  }
  return held;
}
