import { maxCheckoutLines, maxLineQuantity } from "@herbo/hosted-api";

/**
 * What the shop tells shoppers when something goes wrong or right: the messages of docs/storefront.md#messages
 * and the success toasts, in one place. Components import these; tests that check exact wording spell it out.
 */
export const messages = {
  productsError: (message: string | null) => `Error loading products: ${message || "Failed to load products"}`,
  productError: (message: string | null) => `Error loading product: ${message || "Failed to load product"}`,
  noProducts: "No products available at the moment.",
  subtitleFallback: "Check out this amazing product!",
  unavailable: "Currently unavailable",
  /** A managed variant with no stock left: clearer than "Only 0 left". */
  soldOutStatus: "Sold out",
  inStock: (count: number) => `${count} in stock!`,
  notEnoughStock: (count: number) => `Not enough stock. Only ${count} left.`,

  addedFromCard: {
    title: "Added to Cart! 🛒",
    description: (title: string) => `${title} has been added to your cart.`,
  },
  addedFromDetail: {
    title: "Added to Cart! 🛒",
    description: (quantity: number, title: string, variant: string) => `${quantity} x ${title} (${variant}) added.`,
  },
  cardAddFailedTitle: "Error adding to cart",
  detailAddFailedTitle: "Oh no! Something went wrong.",
  noVariantToAdd: "This product has no variant to add.",

  /** Adding a variant whose managed stock is gone. */
  soldOut: (name: string) => `${name} is sold out.`,
  /** Adding more than the stock the store reported (docs/storefront.md#cart). */
  stockExceeded: (name: string, available: number) => `Not enough stock for ${name}. Only ${available} left.`,
  /** More of one item than one checkout may hold (the contract's maxLineQuantity). */
  lineLimitReached: (name: string) =>
    `You can order at most ${maxLineQuantity} of ${name} at a time. For larger orders, please contact us.`,
  /** More different items than one checkout may hold (the contract's maxCheckoutLines). */
  cartLinesLimitReached: `Your cart can hold at most ${maxCheckoutLines} different items. Please check out or remove one first.`,
  lineAtLimit: `That is the most one order can hold (${maxLineQuantity}).`,

  emptyCart: { title: "Your cart is empty", description: "Add some products to your cart before checking out." },
  checkoutFailed: {
    title: "Checkout Error",
    description: "There was a problem initializing checkout. Please try again.",
  },
  checkoutSoldOut: (name: string) => `${name} is sold out. Please remove it from your cart.`,
  checkoutShort: (name: string, available: number) =>
    `Only ${available} of ${name} left. Please lower the quantity in your cart.`,
  checkoutUnavailable: (name: string) => `${name} is no longer available. Please remove it from your cart.`,
  checkoutOverLimit: (name: string, max: number) =>
    `You can order at most ${max} of ${name} at a time. Please lower the quantity in your cart.`,
  /** The store has no price list in the cart's currency; `currency` in words, e.g. "US dollars". */
  checkoutCurrencyUnsupported: (currency: string) =>
    `We cannot take orders in ${currency} right now. Please choose another country at the bottom of the page.`,
  /** One line has no price in the cart's currency. */
  checkoutUnpriced: (name: string, currency: string) =>
    `${name} is not sold in ${currency}. Please remove it from your cart.`,
  /** The cart moved to the market's currency, its prices taken from the store. */
  cartRepriced: (currency: string) => `Your cart is now in ${currency}: prices were updated from the store.`,
  /** Lines the store has no price for in the cart's new currency left the cart. */
  cartLinesRemoved: (names: readonly string[], currency: string) =>
    `${names.join(", ")} ${names.length === 1 ? "is" : "are"} not sold in ${currency} and ${names.length === 1 ? "was" : "were"} removed.`,
  /** The market suggestion banner: "Shopping from the United States?" */
  marketQuestion: (place: string) => `Shopping from ${place}?`,
  marketSuggestion: (currency: string) => `See prices in ${currency}`,
  /** The store refused more checkouts from this address for now (too many at once, or too many unpaid). */
  checkoutBusy:
    "Several checkouts from your connection are still waiting for payment. Please finish one of them, or try again in a few minutes.",
  /** A later page of a product's reviews could not be loaded: the product page shows the newest instead. */
  reviewsUnavailable: "Reviews could not be loaded. The newest reviews are shown instead.",
} as const;

/** How a cart line is named in messages: "Pure Himalayan Shilajit Resin (10 g)". */
export function lineName(productTitle: string, variantTitle: string): string {
  return `${productTitle} (${variantTitle})`;
}
