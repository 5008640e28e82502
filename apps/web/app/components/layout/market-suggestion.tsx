import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { messages } from "~/content/messages";
import {
  currencyName,
  equivalentPath,
  marketInSentence,
  marketOfPage,
  suggestedMarket,
  type Market,
} from "~/lib/markets";
import { Icon } from "../ui/icon";

/** Where a dismissed suggestion is remembered: the code of the market the shopper said no to. */
export const dismissedSuggestionKey = "market-suggestion-dismissed";

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(dismissedSuggestionKey);
  } catch {
    return null;
  }
}

function rememberDismissed(code: string): void {
  try {
    window.localStorage.setItem(dismissedSuggestionKey, code);
  } catch {
    // Blocked storage: the suggestion is gone for this page, and may come back on the next.
  }
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Suggests the market the browser's time zone points to, when the page belongs to another (issue 26).
 * Only in the browser, after the page has loaded, and only ever a link: nothing redirects, so a crawler or
 * a shopper gets exactly the URL asked for. Fixed over the page's corner, so it moves nothing when it appears.
 */
export function MarketSuggestion() {
  const { pathname } = useLocation();
  const pageMarket = marketOfPage(pathname);
  const [suggestion, setSuggestion] = useState<Market | null>(null);

  useEffect(() => {
    const market = suggestedMarket(browserTimeZone(), pageMarket);
    setSuggestion(market === undefined || readDismissed() === market.code ? null : market);
  }, [pageMarket]);

  if (suggestion === null) return null;
  const dismiss = () => {
    rememberDismissed(suggestion.code);
    setSuggestion(null);
  };
  return (
    <aside
      aria-label="Your country"
      data-testid="market-suggestion"
      className="fixed right-24 bottom-5 left-4 z-30 flex items-start gap-3 rounded-2xl bg-resin px-4 py-3 text-sm text-cream shadow-xl md:right-auto md:left-5 md:max-w-sm"
    >
      <p>
        {messages.marketQuestion(marketInSentence(suggestion))}{" "}
        <Link
          to={equivalentPath(pathname, suggestion)}
          hrefLang={suggestion.locale}
          className="font-semibold text-gold-light underline underline-offset-2 hover:text-cream"
        >
          {messages.marketSuggestion(currencyName(suggestion.currencyCode))}
        </Link>
      </p>
      <button
        type="button"
        onClick={dismiss}
        className="shrink-0 rounded-full p-1 hover:bg-cream/10"
        aria-label="Dismiss country suggestion"
      >
        <Icon name="close" size={16} />
      </button>
    </aside>
  );
}
