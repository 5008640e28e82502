import { markets } from "@herbo/hosted-api";
import { countrySlugs } from "../app/content/country-slugs";
import { shopPageSlugs } from "../app/content/shop-pages";

/**
 * The URL of a request on the site's own origin. The request target only supplies the path and the
 * query: `//evil.com/x` or `http://evil.com/x` can never move the origin, as `new URL(target, base)` would.
 */
export function requestUrl(target: string | undefined, siteOrigin: string): URL {
  const url = new URL(siteOrigin);
  let raw = target ?? "/";
  // Absolute-form targets (`GET http://host/path`) are for proxies; only their path and query count.
  if (!raw.startsWith("/")) {
    try {
      const absolute = new URL(raw);
      raw = absolute.pathname + absolute.search;
    } catch {
      raw = "/";
    }
  }
  const queryAt = raw.indexOf("?");
  url.pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  url.search = queryAt === -1 ? "" : raw.slice(queryAt);
  return url;
}

const marketPrefixes = new Set(
  markets.flatMap((market) => (market.pathPrefix === "" ? [] : [market.pathPrefix.slice(1)])),
);

/** The fixed words a path may start with: market prefixes and the pages of the route table. */
const firstWords = new Set<string>([
  ...marketPrefixes,
  "store",
  "product",
  "success",
  "blog",
  "shilajit-nepal",
  ...countrySlugs.map((slug) => `shilajit-in-${slug}`),
  ...shopPageSlugs,
  "sitemap.xml",
  "robots.txt",
  "404",
]);

/** The fixed words that may follow a first word; what follows `product/` and `blog/` (ids, slugs) is kept. */
function secondWords(first: string): ReadonlySet<string> {
  if (marketPrefixes.has(first)) return new Set(["store", "product"]);
  return first === "blog" ? new Set(["feed.xml"]) : new Set();
}

/**
 * A path with its fixed route words in lower case (`/US/Store/product-Id` is `/us/store/product-Id`): the
 * routes match in any case, and a market's prefix in capitals would otherwise show Nepal's rupee shop. Ids
 * and slugs are left as they are, since they may differ by case.
 */
export function lowerCaseRouteWords(pathname: string): string {
  const [empty, first, second, ...rest] = pathname.split("/");
  if (first === undefined || !firstWords.has(first.toLowerCase())) return pathname;
  const lowerFirst = first.toLowerCase();
  const lowerSecond =
    second !== undefined && secondWords(lowerFirst).has(second.toLowerCase()) ? second.toLowerCase() : second;
  return [empty, lowerFirst, ...(lowerSecond === undefined ? [] : [lowerSecond]), ...rest].join("/");
}

/**
 * Where a non-canonical path redirects: one leading slash, no trailing slash and route words in lower case.
 * The answer is always a path on this origin, never `//host` (which a browser would follow to another site);
 * undefined when the path is already canonical.
 */
export function canonicalRedirect(pathname: string, search: string): string | undefined {
  if (pathname === "/") return undefined;
  const leadingCollapsed = pathname.replace(/^[/\\]+/, "/");
  const canonical = lowerCaseRouteWords(leadingCollapsed.replace(/\/+$/, "") || "/");
  if (canonical === pathname) return undefined;
  const target = canonical + search;
  // Belt and braces: whatever the path held, the target resolves on the same origin.
  const base = "http://same-origin.invalid";
  return new URL(target, base).origin === base ? target : "/";
}
