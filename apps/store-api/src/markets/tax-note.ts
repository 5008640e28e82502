import type { TaxFacts } from "@herbo/hosted-api";

/**
 * An order's tax facts: the tax it carries when the shop was registered (kept with the order), else how
 * its market's prices treat tax.
 */
export function orderTaxFacts(
  order: {
    taxName: string | null;
    taxRateBasisPoints: number | null;
    taxRegistration: string | null;
    taxAmount: number;
  },
  market: { pricesIncludeTax: boolean; taxName: string | null } | undefined,
  money: (minorUnits: number) => string,
): TaxFacts {
  return {
    pricesIncludeTax: market?.pricesIncludeTax ?? null,
    taxName: market?.taxName ?? null,
    registered:
      order.taxName === null || order.taxRateBasisPoints === null || order.taxRegistration === null
        ? null
        : {
            name: order.taxName,
            rateBasisPoints: order.taxRateBasisPoints,
            registration: order.taxRegistration,
            amountText: money(order.taxAmount),
          },
  };
}
