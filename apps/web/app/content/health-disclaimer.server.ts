import type { Market } from "@herbo/hosted-api";

/**
 * The United States Food and Drug Administration's disclaimer for a dietary supplement's structure or function
 * statements ("may support energy"), in the words the law sets (21 CFR 101.93). US pages that make such
 * statements show it: the US market's home and product pages, the US landing page, and every blog article
 * (the blog has one copy for every country, US readers included).
 */
export const fdaDisclaimer =
  "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.";

/** The disclaimer a catalogue page of this market shows: the US market's pages only. */
export function healthDisclaimerFor(market: Pick<Market, "code">): string | null {
  return market.code === "us" ? fdaDisclaimer : null;
}
