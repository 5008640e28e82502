import { maxLineQuantity } from "./limits.ts";

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

/** The most units one quantity price may ask for: one checkout line holds at most this many. */
export const maxQuantityPriceUnits = maxLineQuantity;

/** An automatic quantity price: `minQuantity` units or more of one product save `percent` % each. */
export interface QuantityPrice {
  minQuantity: number;
  /** Whole percent, 1 to 100. */
  percent: number;
}

/** "Buy 2, save 10 %": the offer as the product page, the cart, checkout and the emails name it. */
export function quantityPriceLabel(tier: QuantityPrice): string {
  return `Buy ${tier.minQuantity}, save ${tier.percent} %`;
}

/**
 * The quantity price that `units` of a product reach: the one with the most units at or below them (the
 * largest saving, since tiers are checked to save more as they ask more), or undefined.
 */
export function quantityPriceFor(tiers: readonly QuantityPrice[], units: number): QuantityPrice | undefined {
  let best: QuantityPrice | undefined;
  for (const tier of tiers) {
    if (tier.minQuantity <= units && (best === undefined || tier.minQuantity > best.minQuantity)) best = tier;
  }
  return best;
}

/** `percent` % of `amount` (minor units), rounded half-up: 10 % of 4,998 is 500, of 4,994 is 499. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/** A cart or checkout line as the offers see it. */
export interface OfferLine {
  productId: string;
  unitAmount: number;
  quantity: number;
}

/** What the automatic offers take off one line: the amount (minor units) and the offer's name. */
export interface LineOffer {
  discountAmount: number;
  /** The quantity price's label ("Buy 2, save 10 %"); null when none applies. */
  label: string | null;
}

/**
 * The quantity prices applied to each line: units are counted per product across its lines (a 10 g and a
 * 20 g jar are two jars), the tier they reach is taken off each of that product's lines, rounded half-up
 * per line, and never more than the line. `tiersOf` gives a product's tiers in the checkout's market.
 */
export function quantityPriceOffers(
  lines: readonly OfferLine[],
  tiersOf: (productId: string) => readonly QuantityPrice[],
): LineOffer[] {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return lines.map((line) => {
    const tier = quantityPriceFor(tiersOf(line.productId), units.get(line.productId) ?? 0);
    if (tier === undefined) return { discountAmount: 0, label: null };
    const amount = line.unitAmount * line.quantity;
    return { discountAmount: Math.min(amount, percentOf(amount, tier.percent)), label: quantityPriceLabel(tier) };
  });
}

/**
 * The refusal of a product's quantity prices in one market, or undefined: each asks for 2 to 20 units, at
 * most once, saves a whole 1 to 100 %, and a tier asking more units saves more.
 */
export function quantityPricesRefusal(tiers: readonly QuantityPrice[]): string | undefined {
  const sorted = [...tiers].sort((left, right) => left.minQuantity - right.minQuantity);
  for (const [index, tier] of sorted.entries()) {
    if (!Number.isInteger(tier.minQuantity) || tier.minQuantity < 2 || tier.minQuantity > maxQuantityPriceUnits) {
      return `A quantity price is for 2 to ${maxQuantityPriceUnits} units.`;
    }
    if (!Number.isInteger(tier.percent) || tier.percent < 1 || tier.percent > 100) {
      return "A quantity price saves a whole percentage from 1 to 100.";
    }
    const previous = sorted[index - 1];
    if (previous?.minQuantity === tier.minQuantity) {
      return `Two quantity prices are for ${tier.minQuantity} units: keep one.`;
    }
    if (previous !== undefined && previous.percent >= tier.percent) {
      return `Buying ${tier.minQuantity} units must save more than buying ${previous.minQuantity} (${previous.percent} %).`;
    }
  }
  return undefined;
}

/**
 * What giving back `units` more units of a line returns, when `returned` units of it came back before: the
 * line's paid amount (after its discount) shared over its units, so all of them together give back exactly
 * what the line was paid, and a unit of a discounted line gives back its discounted share, never more.
 */
export function returnedUnitsAmount(
  line: { unitAmount: number; quantity: number; discountAmount: number },
  returned: number,
  units: number,
): number {
  const paid = line.unitAmount * line.quantity - line.discountAmount;
  const upTo = (count: number) => Math.floor((paid * count + Math.floor(line.quantity / 2)) / line.quantity);
  return upTo(Math.min(line.quantity, returned + units)) - upTo(Math.min(line.quantity, returned));
}

/** A discount code as the shopper types it: letters, digits, dashes and underscores, at most 40. */
export const discountCodePattern = /^[A-Za-z0-9_-]{1,40}$/;

/** The form a code is kept and compared in: upper case, so "himalaya10" is HIMALAYA10. */
export function normalizeDiscountCode(text: string): string {
  return text.trim().toUpperCase();
}

/** What a discount code takes off: a whole percentage, or a fixed amount in the checkout's currency. */
export type CodeTerms = { kind: "percent"; percent: number } | { kind: "amount"; amount: number };

/**
 * A fixed `total` spread over `weights` by largest remainder: each gets its floored share of the total in
 * proportion to its weight, and the units left over go one each to the largest remainders (the earlier on a
 * tie). The shares add up to `total` exactly, and none exceeds its weight when `total` does not exceed theirs.
 */
export function spreadByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0);
  if (sum <= 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const remainders = weights.map((weight, index) => ({ index, rest: (total * weight) % sum }));
  let left = total - shares.reduce((all, share) => all + share, 0);
  for (const { index } of [...remainders].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * What a discount code takes off each line, worked out on what the line costs after its quantity price
 * (`amount`): a percentage per line, rounded half-up; a fixed amount spread over the lines it applies to by
 * largest remainder, never more than they cost together. Lines of products the code does not apply to
 * (`applies` false) get nothing.
 */
export function codeDiscounts(
  lines: readonly { amount: number; applies: boolean }[],
  terms: CodeTerms,
): number[] {
  if (terms.kind === "percent") {
    return lines.map((line) => (line.applies ? Math.min(line.amount, percentOf(line.amount, terms.percent)) : 0));
  }
  const weights = lines.map((line) => (line.applies ? line.amount : 0));
  const covered = weights.reduce((all, weight) => all + weight, 0);
  return spreadByLargestRemainder(Math.min(terms.amount, covered), weights);
}
