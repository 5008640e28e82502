import { isMarketCode, marketByCode, marketOfCurrency, type Market } from "@herbo/hosted-api";
import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { cartMarketOf, defaultMarket } from "./markets";

/**
 * The market a shopper last shopped in, kept in this browser only (localStorage, first party): set when they
 * view a market's catalogue page or add to the cart there, never guessed from an address or a language.
 * Pages that belong to no market (blog, help, country pages, /success) lead back to it instead of Nepal's
 * rupee shop. A new visitor, or a value the shop did not write, has none.
 */
export const lastMarketStorageKey = "herbo-market";

/** The remembered market in a stored value: only a market code the shop knows. */
export function parseLastMarket(raw: string | null | undefined): Market | null {
  return isMarketCode(raw) ? marketByCode(raw) : null;
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readLastMarket(storage: Pick<Storage, "getItem"> | undefined): Market | null {
  try {
    return parseLastMarket(storage?.getItem(lastMarketStorageKey));
  } catch {
    // Blocked storage (privacy modes): nothing is remembered.
    return null;
  }
}

/** This tab's listeners: localStorage's own event reaches only the other tabs. */
const listeners = new Set<() => void>();

export function writeLastMarket(
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
  market: Pick<Market, "code">,
): void {
  try {
    if (storage === undefined || storage.getItem(lastMarketStorageKey) === market.code) return;
    storage.setItem(lastMarketStorageKey, market.code);
  } catch {
    // A full or blocked storage remembers nothing; the links keep their plain addresses.
    return;
  }
  for (const listener of listeners) listener();
}

/** Remembers the market of the page at this path, if it is a market's catalogue page. */
export function rememberMarketOfPath(pathname: string): void {
  const market = cartMarketOf(pathname);
  if (market !== null) writeLastMarket(browserStorage(), market);
}

/** Remembers the market whose currency an item was added to the cart in. */
export function rememberMarketOfCurrency(currencyCode: string): void {
  const market = marketOfCurrency(currencyCode);
  if (market !== undefined) writeLastMarket(browserStorage(), market);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === lastMarketStorageKey || event.key === null) onChange();
  };
  listeners.add(onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The market whose shop a page's links lead to: a catalogue page's own market; on any other page the market
 * the shopper last shopped in, else Nepal's (`/` and `/store`, as for every new visitor). The remembered one
 * is read only once the page has hydrated (the server's HTML carries the plain links, so a tap before
 * hydration still lands on Nepal's `/` and `/store`); only link targets change then, so nothing moves on screen.
 */
export function useShoppingMarket(): Market {
  const pageMarket = cartMarketOf(useLocation().pathname);
  // A catalogue page's market never depends on the stored one, so its snapshot is the page's own: remembering
  // the market as the page hydrates then re-renders nothing (the header would otherwise render twice).
  const market = useSyncExternalStore(
    subscribe,
    () => pageMarket ?? readLastMarket(browserStorage()),
    () => pageMarket,
  );
  return market ?? defaultMarket;
}
