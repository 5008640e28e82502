import { formatMoney, payablePrice, saleApplies } from "@herbo/hosted-api";
import type { CardProduct, CardVariant } from "./store-api/types";

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

export interface DisplayPrice {
  /** What the shopper pays, formatted. */
  price: string;
  /** The regular price, struck through, when the variant is on sale. */
  regularPrice: string | null;
}

/** A variant's price as its currency's market writes it: "Rs. 1200.00" for rupees, "$29.99" for dollars. */
export function variantPrice(
  variant: Pick<CardVariant, "priceInCents" | "salePriceInCents" | "currency">,
): DisplayPrice {
  return {
    price: formatMoney(effectivePrice(variant), variant.currency),
    regularPrice: saleApplies(variant.salePriceInCents) ? formatMoney(variant.priceInCents, variant.currency) : null,
  };
}

export function productPrice(product: Pick<CardProduct, "siteProductSelection" | "variants">): DisplayPrice | null {
  const variant = displayedVariant(product);
  return variant === undefined ? null : variantPrice(variant);
}
