/**
 * What one checkout may hold. The store API refuses more, and the storefront's cart stops at the same
 * numbers, so a cart the shopper can build is always a cart the store accepts.
 */
export const checkoutLimits = {
  /** Units of one variant in one checkout. */
  maxLineQuantity: 20,
  /** Different variants in one checkout. */
  maxCheckoutLines: 50,
} as const;

export const { maxLineQuantity, maxCheckoutLines } = checkoutLimits;
