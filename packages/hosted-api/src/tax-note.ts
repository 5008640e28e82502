import { dutiesNote, formatTaxRate } from "./markets.ts";

/**
 * The one sentence under an order's total about tax, the same on the checkout, the order page, the emails,
 * the invoice and the back office:
 * - prices that include tax say so by the tax's name ("Prices incl. VAT.", "Prices incl. GST.");
 * - once the shop is registered in the market, with the amount of it the order contains, worked out on the
 *   server in minor units (per line and for shipping, rounded half up: `includedTax`);
 * - prices without tax (US, Canada) say that duties may be due, never "incl.".
 */
export interface TaxFacts {
  /** Whether the market's prices include its tax; null when unknown (the market is gone). */
  pricesIncludeTax: boolean | null;
  /** The market's tax ("VAT", "GST"), null when it has none. */
  taxName: string | null;
  /** The tax the order carries, when the shop was registered in the market. */
  registered: { name: string; rateBasisPoints: number; registration: string; amountText: string } | null;
}

/** "incl. VAT": how a price that includes the market's tax is marked. */
export function inclusionText(taxName: string): string {
  return `incl. ${taxName}`;
}

export function taxNoteText(facts: TaxFacts): string | null {
  const { registered } = facts;
  if (registered !== null) {
    return `Prices ${inclusionText(registered.name)} ${formatTaxRate(registered.rateBasisPoints)}: ${registered.amountText} (registration ${registered.registration}).`;
  }
  if (facts.pricesIncludeTax === false) return `Prices do not include tax. ${dutiesNote}.`;
  if (facts.pricesIncludeTax === true && facts.taxName !== null && facts.taxName.trim() !== "") {
    return `Prices ${inclusionText(facts.taxName)}.`;
  }
  return null;
}
