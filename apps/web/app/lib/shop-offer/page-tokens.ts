/** The words a help or policy page takes from the shop's offer, and how they are put into its HTML. */
import { handlingDays, returnsPolicy, shippingRates } from "@herbo/hosted-api";
import type { ShopPageToken } from "~/content/shop-pages";
import { openedJarsRule, returnPostageRule } from "./returns";
import { cashOnDeliveryCountries, countryInSentence, formatBusinessDays } from "./shipping";

export { countryInSentence };

/** "Nepal", "Nepal and India", "Nepal, India and the United States". */
export function listInSentence(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The words each `{{token}}` of a page's Markdown stands for. */
export function pageTokenValues(): Record<ShopPageToken, string> {
  const nameOf = new Map(shippingRates.map((rate) => [rate.country, rate.countryName]));
  return {
    "handling-time": formatBusinessDays(handlingDays),
    "delivery-countries": listInSentence(shippingRates.map((rate) => countryInSentence(rate.countryName))),
    "cash-on-delivery-countries": listInSentence(
      cashOnDeliveryCountries.map((country) => countryInSentence(nameOf.get(country) ?? country)),
    ),
    "return-window-days": String(returnsPolicy.windowDays),
    "opened-jars": openedJarsRule(returnsPolicy.acceptsOpened),
    "return-postage": returnPostageRule(returnsPolicy.returnShippingPaidBy),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Puts each `{{token}}`'s words into a page's HTML; an unknown token is an error, never printed. */
export function fillTokens(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(/\{\{([a-z-]+)\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown page token {{${name}}}`);
    return escapeHtml(value);
  });
}
