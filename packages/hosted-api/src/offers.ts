/**
 * The shop's offers, as the one rule checkout charges by and the storefront estimates with: a market's
 * free-shipping threshold. The store API decides every amount; the cart only states what checkout will do.
 */

/** The largest threshold an owner may set, in minor units: far above any order the shop takes. */
export const maxFreeShippingThreshold = 100_000_000;

/**
 * What shipping costs an order whose items come to `subtotal` (minor units, after every discount): nothing
 * once the subtotal reaches the market's threshold, else the country's rate. `freeShippingOver` is null when
 * the market has no threshold.
 */
export function shippingChargeFor(subtotal: number, rateAmount: number, freeShippingOver: number | null): number {
  return reachesFreeShipping(subtotal, freeShippingOver) ? 0 : rateAmount;
}

/** Whether `subtotal` reaches the threshold: the threshold's own amount counts ("over £60" includes £60). */
export function reachesFreeShipping(subtotal: number, freeShippingOver: number | null): boolean {
  return freeShippingOver !== null && subtotal >= freeShippingOver;
}

/**
 * How much more the items must come to for free shipping (minor units): 0 once reached, null when the market
 * has no threshold.
 */
export function amountToFreeShipping(subtotal: number, freeShippingOver: number | null): number | null {
  if (freeShippingOver === null) return null;
  return Math.max(0, freeShippingOver - subtotal);
}
