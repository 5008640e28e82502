import { priceInCurrency } from "../store-api/reshape";
import type { Product } from "../store-api/types";
import type { CartItem } from "./cart";

/**
 * One cart per market (docs/storefront.md#markets): a cart never mixes currencies. These are the pure rules; the cart
 * context fetches the products and applies them.
 */

/** The upper-case currency code of a cart line. */
export function lineCurrency(item: CartItem): string {
  return item.variant.currency.code.toUpperCase();
}

/** The currency of the cart (its first line's), or null for an empty cart. */
export function cartCurrency(items: readonly CartItem[]): string | null {
  const first = items[0];
  return first === undefined ? null : lineCurrency(first);
}

/** Whether any line is in another currency than `currency` (an empty cart never is). */
export function needsRepricing(items: readonly CartItem[], currency: string): boolean {
  const code = currency.toUpperCase();
  return items.some((item) => lineCurrency(item) !== code);
}

/** The ids of the products whose lines need a price in `currency`, each once. */
export function productsToReprice(items: readonly CartItem[], currency: string): string[] {
  const code = currency.toUpperCase();
  return [...new Set(items.filter((item) => lineCurrency(item) !== code).map((item) => item.product.id))];
}

/**
 * The currency a market's cart is in: the market's own, once the store prices any of the cart's variants
 * in it; else null, meaning the cart stays as it is. A backend that lists one price per variant (the
 * hosted one) shows that price on every market's pages, and the cart keeps it too.
 */
export function repricingCurrency(
  items: readonly CartItem[],
  products: readonly Product[],
  marketCurrency: string,
): string | null {
  const variants = new Map(products.flatMap((product) => product.variants.map((variant) => [variant.id, variant])));
  const priced = items.some((item) => {
    const variant = variants.get(item.variant.id);
    return variant !== undefined && priceInCurrency(variant.prices, marketCurrency) !== undefined;
  });
  return priced ? marketCurrency.toUpperCase() : null;
}

export interface Repricing {
  /** The cart afterwards: every line in `currency`, in the order it had. */
  items: CartItem[];
  /** Lines that were in another currency and now carry the store's price in `currency`. */
  repriced: CartItem[];
  /** Lines the store has no price for in `currency` (or no longer sells): they leave the cart. */
  removed: CartItem[];
}

/**
 * The cart with every line in `currency`, priced from the store's products: a line already in it stays as
 * it is; another takes its variant's price in that currency (never a conversion, never another currency's
 * price); a line without one is removed. Quantities and titles are kept. With `askedAbout`, only lines of
 * those products are judged; the others (added while the store was asked) stay as they are for now.
 */
export function repriceCart(
  items: readonly CartItem[],
  products: readonly Product[],
  currency: string,
  askedAbout?: ReadonlySet<string>,
): Repricing {
  const code = currency.toUpperCase();
  const productsById = new Map(products.map((product) => [product.id, product]));
  const result: Repricing = { items: [], repriced: [], removed: [] };
  for (const item of items) {
    if (lineCurrency(item) === code || (askedAbout !== undefined && !askedAbout.has(item.product.id))) {
      result.items.push(item);
      continue;
    }
    const variant = productsById.get(item.product.id)?.variants.find((candidate) => candidate.id === item.variant.id);
    const price = variant === undefined ? undefined : priceInCurrency(variant.prices, code);
    if (price === undefined) {
      result.removed.push(item);
      continue;
    }
    const line: CartItem = {
      ...item,
      variant: {
        ...item.variant,
        priceInCents: price.amount,
        salePriceInCents: price.sale,
        currency: price.currency,
      },
    };
    result.items.push(line);
    result.repriced.push(line);
  }
  return result;
}
