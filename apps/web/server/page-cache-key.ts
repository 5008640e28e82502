import { reviewPageOf, reviewsParameter } from "../app/lib/product-reviews";

/**
 * Query parameters a server render can depend on. A product page reads `reviews`, the page of its reviews
 * shown; no other route reads any. React Router reads `_routes` and `index` on `.data` requests and `paths` and
 * `version` on its route manifest. A route that starts reading a parameter must add it here, or it will never
 * see it.
 */
const parametersRead = {
  page: [] as string[],
  productPage: [reviewsParameter],
  data: ["_routes", "index"],
  productData: ["_routes", "index", reviewsParameter],
  manifest: ["paths", "version"],
};

/** A product page in any market (`/product/x`, `/us/product/x`), or its data request. */
const productPath = /^(?:\/[a-z]{2})?\/product\/[^/]+$/;

function parametersFor(pathname: string): readonly string[] {
  if (pathname.endsWith(".data"))
    return productPath.test(pathname.slice(0, -".data".length)) ? parametersRead.productData : parametersRead.data;
  if (pathname === "/__manifest") return parametersRead.manifest;
  return productPath.test(pathname) ? parametersRead.productPage : parametersRead.page;
}

/**
 * The page of reviews as the product page reads it (its first value): kept only as a later page, so
 * `?reviews=02`, `?reviews=x` and `?reviews=1` share the first page's entry, as the page shows them the same.
 */
function laterReviewPage(url: URL): [string, string][] {
  const page = reviewPageOf(url.searchParams.get(reviewsParameter));
  return page === 1 ? [] : [[reviewsParameter, String(page)]];
}

/**
 * The URL a GET request renders as: its path with only the parameters that can change the answer, in a
 * fixed order. `/store?r=<unique>` renders (and is cached) as `/store`, so cache-busting gains nothing.
 */
export function renderedUrl(url: URL): URL {
  const kept = new URL(url.origin + url.pathname);
  const read = parametersFor(url.pathname);
  const entries = [
    ...[...url.searchParams].filter(([name]) => name !== reviewsParameter && read.includes(name)),
    ...(read.includes(reviewsParameter) ? laterReviewPage(url) : []),
  ];
  entries.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  for (const [name, value] of entries) kept.searchParams.append(name, value);
  return kept;
}

/** The page cache's key for a URL made by `renderedUrl`. */
export function pageCacheKey(url: URL): string {
  return url.pathname + url.search;
}
