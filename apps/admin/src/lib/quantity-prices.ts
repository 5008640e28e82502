import { quantityPriceLabel, quantityPricesRefusal, type QuantityPrice } from "@herbo/hosted-api";

/**
 * Quantity prices as the owner types them on the Promotions page: "2: 10, 3: 15" is 2 units or more save
 * 10 %, 3 or more save 15 %. The store API checks the same rules (`quantityPricesRefusal`); this saves a
 * round trip and says what is wrong in the owner's terms.
 */

/** Tiers as the field shows them: "2: 10, 3: 15"; none is "". */
export function tiersField(tiers: readonly QuantityPrice[]): string {
  return tiers.map((tier) => `${tier.minQuantity}: ${tier.percent}`).join(", ");
}

/** Tiers as the owner reads them: "Buy 2, save 10 %; Buy 3, save 15 %", or "none". */
export function tiersText(tiers: readonly QuantityPrice[]): string {
  return tiers.length === 0 ? "none" : tiers.map(quantityPriceLabel).join("; ");
}

export type ParsedTiers = { ok: true; tiers: QuantityPrice[] } | { ok: false; message: string };

/** The tiers typed in the field, sorted by units; empty is none. */
export function parseTiers(text: string): ParsedTiers {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, tiers: [] };
  const tiers: QuantityPrice[] = [];
  for (const part of trimmed.split(/[,;]/)) {
    const match = /^\s*(\d{1,3})\s*[:=]\s*(\d{1,3})\s*%?\s*$/.exec(part);
    if (match === null) {
      return {
        ok: false,
        message: `"${part.trim()}" is not a quantity price: write units, a colon and the percent saved, e.g. 2: 10.`,
      };
    }
    tiers.push({ minQuantity: Number(match[1]), percent: Number(match[2]) });
  }
  const refusal = quantityPricesRefusal(tiers);
  if (refusal !== undefined) return { ok: false, message: refusal };
  return { ok: true, tiers: tiers.sort((left, right) => left.minQuantity - right.minQuantity) };
}
