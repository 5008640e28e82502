/**
 * Query parameters a server render can depend on. Our routes read none; React Router reads `_routes` and
 * `index` on `.data` requests and `paths` and `version` on its route manifest. A route that starts
 * reading a parameter must add it here, or it will never see it.
 */
const parametersRead = {
  page: [] as string[],
  data: ["_routes", "index"],
  manifest: ["paths", "version"],
};

function parametersFor(pathname: string): readonly string[] {
  if (pathname.endsWith(".data")) return parametersRead.data;
  if (pathname === "/__manifest") return parametersRead.manifest;
  return parametersRead.page;
}

/**
 * The URL a GET request renders as: its path with only the parameters that can change the answer, in a
 * fixed order. `/store?r=<unique>` renders (and is cached) as `/store`, so cache-busting gains nothing.
 */
export function renderedUrl(url: URL): URL {
  const kept = new URL(url.origin + url.pathname);
  const read = parametersFor(url.pathname);
  const entries = [...url.searchParams].filter(([name]) => read.includes(name));
  entries.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  for (const [name, value] of entries) kept.searchParams.append(name, value);
  return kept;
}

/** The page cache's key for a URL made by `renderedUrl`. */
export function pageCacheKey(url: URL): string {
  return url.pathname + url.search;
}
