import { site } from "~/content/site";
import { displayedVariant, effectivePrice, variantPrice, type DisplayPrice } from "./money";
import type { CardProduct, Currency } from "./store-api/types";

/** The catalogue's flagship product: the one `site.flagshipProductId` names, else the catalogue's first. */
export function flagshipProduct<P extends Pick<CardProduct, "id">>(products: readonly P[]): P | undefined {
  return products.find((product) => product.id === site.flagshipProductId) ?? products[0];
}

/** A price a page quotes from the catalogue: what the shopper pays, in minor units, and in words. */
export interface QuotedPrice {
  /** Minor units, the sale price when one applies. */
  amount: number;
  /** The regular price in minor units when the variant is on sale, else null. */
  regularAmount: number | null;
  currency: Currency;
  display: DisplayPrice;
}

/**
 * The flagship's price as its product card shows it (the displayed variant, already priced for the
 * market), or null for a catalogue without products or variants.
 */
export function flagshipPrice(
  products: readonly Pick<CardProduct, "id" | "siteProductSelection" | "variants">[],
): QuotedPrice | null {
  const product = flagshipProduct(products);
  const variant = product === undefined ? undefined : displayedVariant(product);
  if (variant === undefined) return null;
  const display = variantPrice(variant);
  return {
    amount: effectivePrice(variant),
    regularAmount: display.regularPrice === null ? null : variant.priceInCents,
    currency: variant.currency,
    display,
  };
}
