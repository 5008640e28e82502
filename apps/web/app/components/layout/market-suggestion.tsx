import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { messages } from "~/content/messages";
import { currencyName, equivalentPath, marketInSentence, marketOfPage, suggestedMarket } from "~/lib/markets";
import { browserTimeZone } from "~/lib/browser-time-zone";
import { whenIdle } from "~/lib/when-idle";
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

/** Set on <html> once the suggestion has been decided for the page, shown or not (tests wait for it). */
export const suggestionCheckedAttribute = "data-market-suggestion";

/** How long the check waits for the shopper's first interaction before it runs anyway. */
export const suggestionDelayMs = 3000;

/**
 * Runs `check` once the page is settled: at the shopper's first interaction or after `suggestionDelayMs`,
 * whichever comes first, then in the browser's next idle moment. Where the browser has no Temporal, the check
 * reads the time zone through `Intl`, whose first use loads ICU's data (tens of milliseconds on a cheap phone),
 * so it never competes with hydration for the main thread. Answers a function that cancels it.
 */
function whenSettled(check: () => void): () => void {
  const events = ["pointerdown", "keydown", "scroll", "touchstart"] as const;
  let cancelIdle: (() => void) | undefined;
  const run = () => {
    window.clearTimeout(timer);
    for (const name of events) window.removeEventListener(name, run, true);
    cancelIdle ??= whenIdle(check, 1000);
  };
  const timer = window.setTimeout(run, suggestionDelayMs);
  for (const name of events) window.addEventListener(name, run, { capture: true, passive: true });
  return () => {
    window.clearTimeout(timer);
    for (const name of events) window.removeEventListener(name, run, true);
    cancelIdle?.();
  };
}

/**
 * Suggests the market the browser's time zone points to, when the page belongs to another
 * (docs/storefront.md#markets). Only in the browser, once the page has settled (see `whenSettled`), and only ever a
 * link: nothing redirects, so a crawler or a shopper gets exactly the URL asked for. Fixed over the page's corner, so
 * it moves nothing when it appears.
 */
export function MarketSuggestion() {
  const { pathname } = useLocation();
  const pageMarket = marketOfPage(pathname);
  // The browser's time zone and the market the shopper said no to, read once the page has settled;
  // undefined until then. Neither changes while the shopper moves from page to page.
  const [read, setRead] = useState<{ timeZone: string | undefined; dismissed: string | null } | undefined>();

  useEffect(
    () =>
      whenSettled(() => {
        setRead({ timeZone: browserTimeZone(), dismissed: readDismissed() });
        document.documentElement.setAttribute(suggestionCheckedAttribute, "checked");
      }),
    [],
  );

  const suggestion = read === undefined ? undefined : suggestedMarket(read.timeZone, pageMarket);
  if (read === undefined || suggestion === undefined || read.dismissed === suggestion.code) return null;
  const dismiss = () => {
    rememberDismissed(suggestion.code);
    setRead({ ...read, dismissed: suggestion.code });
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
