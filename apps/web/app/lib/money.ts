import { formatMoney, payablePrice, saleApplies } from "@herbo/hosted-api";
import type { CardProduct, CardVariant, DisplayPrice } from "./store-api/types";

export type { DisplayPrice };

/** What one unit of the variant costs the shopper: the contract's price rule. */
export function effectivePrice(variant: Pick<CardVariant, "priceInCents" | "salePriceInCents">): number {
  return payablePrice(variant.priceInCents, variant.salePriceInCents);
}

/** The variant whose price a product shows: the cheapest for null or 'lowest_price_first', else the first. */
export function displayedVariant<V extends CardVariant>(
  product: Pick<CardProduct, "siteProductSelection"> & { variants: readonly V[] },
): V | undefined {
  const [first, ...rest] = product.variants;
  if (first === undefined) return undefined;
  const selection = product.siteProductSelection;
  if (selection !== null && selection !== "lowest_price_first") return first;
  return rest.reduce(
    (cheapest, variant) => (effectivePrice(variant) < effectivePrice(cheapest) ? variant : cheapest),
    first,
  );
}

/**
 * A variant's price as its currency's market writes it: "Rs. 1200.00" for rupees, "$29.99" for dollars.
 *
 * Pages write the prices they show on the server and hand the text to the browser in their data (a card's
 * `price`, the product page's `variantPrices`): formatting dollars, pounds or dirhams needs Intl, and its
 * first use in a page costs a cheap phone about 150 ms, which would otherwise fall between the first paint
 * and the moment the page's buttons work. The browser formats money itself only for what changes after that
 * (the cart), once the page is idle (`prepareMoneyFormat` in lib/markets.ts).
 */
export function variantPrice(
  variant: Pick<CardVariant, "priceInCents" | "salePriceInCents" | "currency">,
): DisplayPrice {
  return {
    price: formatMoney(effectivePrice(variant), variant.currency),
    regularPrice: saleApplies(variant.salePriceInCents) ? formatMoney(variant.priceInCents, variant.currency) : null,
  };
}

/** The price a product's card shows: its displayed variant's. */
export function productPrice(
  product: Pick<CardProduct, "siteProductSelection"> & { variants: readonly CardVariant[] },
): DisplayPrice | null {
  const variant = displayedVariant(product);
  return variant === undefined ? null : variantPrice(variant);
}
