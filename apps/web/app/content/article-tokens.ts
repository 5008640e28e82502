/**
 * Prices an article quotes come from the live catalogue, never typed in: `{{flagship-price-np}}` inside a
 * sentence stands for the flagship's price in that market's currency (np, us, in, uk, ca, ae). An article
 * with such a token renders per request instead of at build time. This module imports nothing, because the
 * build's Markdown compiler and the prerender list read it too.
 */
export const articlePriceTokenPattern = /\{\{flagship-price-([a-z]+)\}\}/g;

/** Whether an article's Markdown or HTML quotes a live price. */
export function quotesLivePrices(text: string): boolean {
  return new RegExp(articlePriceTokenPattern.source).test(text);
}

/** The token for a market's flagship price. */
export function flagshipPriceToken(marketCode: string): string {
  return `flagship-price-${marketCode}`;
}
