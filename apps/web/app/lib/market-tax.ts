import { inclusionText, type Market } from "@herbo/hosted-api";
import type { StoreShipping } from "./store-api/types";

/**
 * Whether a market's prices include tax, as its pages say it (the duties note): the owner's live setting
 * when the store names the market, else the contract's fixed flag (a store that could not answer, the
 * hosted backend, or an older store API).
 */
export function pricesIncludeTax(
  market: Pick<Market, "code" | "pricesIncludeTax">,
  shipping: Pick<StoreShipping, "pricesIncludeTax"> | null,
): boolean {
  return shipping?.pricesIncludeTax[market.code] ?? market.pricesIncludeTax;
}

/**
 * The words beside a price that includes the market's tax: "incl. VAT", "incl. GST" (or "incl. tax" for a
 * market without a named tax); null where prices leave the tax out, which the duties note covers instead.
 */
export function taxIncludedNote(market: Pick<Market, "tax">, included: boolean): string | null {
  return included ? inclusionText(taxName(market)) : null;
}

/** The market's sales tax as pages name it: "VAT", "GST", or plain "tax" for a market without a named one. */
export function taxName(market: Pick<Market, "tax">): string {
  return market.tax?.name ?? "tax";
}
