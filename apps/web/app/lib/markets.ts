/**
 * Markets in the storefront (docs/storefront.md#markets): the URL decides the market. The unprefixed routes are
 * Nepal's; every other market has the same catalogue pages under its prefix (`/us`, `/us/store`,
 * `/us/product/:id`). Nothing here reads a cookie, a header or an address: a page is the same for everyone who
 * asks for its URL.
 */
import {
  countryOfTimeZone,
  defaultMarket,
  formatMoney,
  marketCurrencyDigits,
  marketOfCountry,
  marketOfPath,
  marketPath,
  markets,
  type Market,
} from "@herbo/hosted-api";
import { useLocation } from "react-router";
import { productInCurrency } from "./store-api/reshape";
import type { Product } from "./store-api/types";

export { defaultMarket, marketOfPath, marketPath, markets, type Market };

/** The market of the page at this path (Nepal's for the unprefixed routes and every page outside the catalogue). */
export function marketOf(pathname: string): Market {
  return marketOfPath(pathname).market;
}

/** The market of the page being shown, by its URL's prefix. */
export function useMarket(): Market {
  return marketOf(useLocation().pathname);
}

/** The country landing page of a market at this path, if it is one (`/shilajit-in-usa` is the US's). */
function landingMarketOf(pathname: string): Market | undefined {
  return markets.find((market) => market.landingPath === pathname);
}

/**
 * The market a page is for, as a shopper reads it: a country landing page is its country's (it quotes that
 * market's price and leads into it), every other page its URL prefix's. The country selector marks it and
 * the suggestion banner compares the browser's languages with it.
 */
export function marketOfPage(pathname: string): Market {
  return landingMarketOf(pathname) ?? marketOf(pathname);
}

/**
 * The market whose prices a page lists, so the cart follows it: a catalogue page's (home, store, product).
 * Other pages (blog, help, landing pages) list no catalogue prices and leave the cart as it is.
 */
export function cartMarketOf(pathname: string): Market | null {
  const { market, path } = marketOfPath(pathname);
  return isCataloguePath(path) ? market : null;
}

/**
 * Makes the money format of a market's catalogue page ready, answering whether there was one to make: the root
 * calls it once the page is idle after hydrating. Those pages' carts write their prices with Intl (the prices
 * on the page itself arrive written by the server, lib/money.ts). Nepal's rupees keep "Rs. 1200.00", and the
 * other pages (landing pages, blog, help) write no price with Intl.
 */
export function prepareMoneyFormat(pathname: string): boolean {
  const market = cartMarketOf(pathname);
  if (market === null || market.code === defaultMarket.code) return false;
  formatMoney(0, { code: market.currencyCode, decimalDigits: marketCurrencyDigits(market.currencyCode) ?? null });
  return true;
}

/** `cartMarketOf` the page being shown. */
export function useCartMarket(): Market | null {
  return cartMarketOf(useLocation().pathname);
}

/**
 * The market of a loader's page, from its URL alone: React Router's `url` argument, which names the page
 * itself even when the request is for its data (`/us.data`).
 */
export function marketOfUrl(url: URL): Market {
  return marketOf(url.pathname);
}

/**
 * A product as a market's pages price it: Nepal's (the unprefixed routes) by the first price
 * (docs/storefront.md#prices), every other market by its currency's price, falling back to that first price
 * when the store lists none in it.
 */
export function pricedForMarket(product: Product, market: Market): Product {
  return market.code === defaultMarket.code ? product : productInCurrency(product, market.currencyCode);
}

/** The catalogue pages each market has its own copy of: home, store and product pages. */
export function isCataloguePath(path: string): boolean {
  return path === "/" || path === "/store" || /^\/product\/[^/]+$/.test(path);
}

/**
 * The same page in another market: a catalogue page's own copy there, a country landing page the other
 * country's, else that market's home (the blog and help pages exist once; a market is entered by its home).
 */
export function equivalentPath(pathname: string, target: Market): string {
  if (landingMarketOf(pathname) !== undefined) return target.landingPath;
  const { path } = marketOfPath(pathname);
  return marketPath(target, isCataloguePath(path) ? path : "/");
}

/** How a currency is named in a sentence: "US dollars", "Nepalese rupees". */
const currencyNames: Readonly<Record<string, string>> = {
  NPR: "Nepalese rupees",
  USD: "US dollars",
  INR: "Indian rupees",
  GBP: "British pounds",
  CAD: "Canadian dollars",
  AED: "UAE dirhams",
};

export function currencyName(code: string): string {
  return currencyNames[code.toUpperCase()] ?? code.toUpperCase();
}

/** A market's name as a sentence uses it: "the United States", "Nepal". */
export function marketInSentence(market: Pick<Market, "name">): string {
  return /^United /.test(market.name) ? `the ${market.name}` : market.name;
}

/**
 * The hreflang cluster of a catalogue page: its copy in each of the six markets, each in the market's
 * language-region, and Nepal's (the unprefixed URL) as the x-default. Every copy lists the same cluster, so the
 * links are reciprocal by construction.
 */
export function marketAlternates(path: string): { hrefLang: string; path: string }[] {
  return [
    ...markets.map((market) => ({ hrefLang: market.locale, path: marketPath(market, path) })),
    { hrefLang: "x-default", path: marketPath(defaultMarket, path) },
  ];
}

/** The cluster as `<link rel="alternate" hreflang>` meta descriptors, on the site's origin. */
export function marketAlternateLinks(siteUrl: string, path: string) {
  const origin = siteUrl.replace(/\/+$/, "");
  return marketAlternates(path).map((alternate) => ({
    tagName: "link" as const,
    rel: "alternate",
    hrefLang: alternate.hrefLang,
    href: alternate.path === "/" ? `${origin}/` : `${origin}${alternate.path}`,
  }));
}

/**
 * The market a browser's time zone points to, if any. The zone, not the language: most browsers in Nepal
 * and India say "en-US", while the clock is set where the shopper lives.
 */
export function marketOfTimeZone(timeZone: string | null | undefined): Market | undefined {
  const country = countryOfTimeZone(timeZone);
  return country === undefined ? undefined : marketOfCountry(country);
}

/**
 * The market to suggest on a page of `pageMarket`: the one the browser's time zone points to, when
 * it is another. Only ever a suggestion shown in the page; nothing redirects.
 */
export function suggestedMarket(timeZone: string | null | undefined, pageMarket: Market): Market | undefined {
  const market = marketOfTimeZone(timeZone);
  return market === undefined || market.code === pageMarket.code ? undefined : market;
}
