import type { Currency, Product, Variant } from "./store-api/types";

export const defaultCurrencyCode = "eur";

type CurrencyLike = Pick<Currency, "symbol" | "template"> & { code?: string | null; decimalDigits?: number };

/**
 * The one price formatter: minor units ÷ 100 with two decimals (or the currency's digits), placed in the
 * currency's `$1` template, else after its symbol or code, else after '€'.
 */
export function formatMoney(minorUnits: number, currency: CurrencyLike | null | undefined): string {
  const digits = currency?.decimalDigits ?? 2;
  const amount = (minorUnits / 10 ** digits).toFixed(digits);
  const template = currency?.template;
  if (template !== null && template !== undefined && template.includes("$1")) return template.replace("$1", amount);
  const prefix = currency?.symbol ?? (currency?.code ? currency.code.toUpperCase() : null) ?? "€";
  return `${prefix}${amount}`;
}

/** What one unit of the variant costs the shopper: its sale price when on sale. */
export function effectivePrice(variant: Pick<Variant, "priceInCents" | "salePriceInCents">): number {
  return variant.salePriceInCents ?? variant.priceInCents;
}

/** The variant whose price a product shows: the cheapest for null or 'lowest_price_first', else the first. */
export function displayedVariant(product: Pick<Product, "siteProductSelection" | "variants">): Variant | undefined {
  const [first, ...rest] = product.variants;
  if (first === undefined) return undefined;
  const selection = product.siteProductSelection;
  if (selection !== null && selection !== "lowest_price_first") return first;
  return rest.reduce(
    (cheapest, variant) => (effectivePrice(variant) < effectivePrice(cheapest) ? variant : cheapest),
    first,
  );
}

export interface DisplayPrice {
  /** What the shopper pays, formatted. */
  price: string;
  /** The regular price, struck through, when the variant is on sale. */
  regularPrice: string | null;
}

export function variantPrice(variant: Variant): DisplayPrice {
  return {
    price: formatMoney(effectivePrice(variant), variant.currency),
    regularPrice: variant.salePriceInCents === null ? null : formatMoney(variant.priceInCents, variant.currency),
  };
}

export function productPrice(product: Pick<Product, "siteProductSelection" | "variants">): DisplayPrice | null {
  const variant = displayedVariant(product);
  return variant === undefined ? null : variantPrice(variant);
}
