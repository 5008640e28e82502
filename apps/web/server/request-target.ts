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

/**
 * Where a non-canonical path redirects: one leading slash and no trailing slash. The answer is always a
 * path on this origin, never `//host` (which a browser would follow to another site); undefined when
 * the path is already canonical.
 */
export function canonicalRedirect(pathname: string, search: string): string | undefined {
  if (pathname === "/") return undefined;
  const leadingCollapsed = pathname.replace(/^[/\\]+/, "/");
  const canonical = leadingCollapsed.replace(/\/+$/, "") || "/";
  if (canonical === pathname) return undefined;
  const target = canonical + search;
  // Belt and braces: whatever the path held, the target resolves on the same origin.
  const base = "http://same-origin.invalid";
  return new URL(target, base).origin === base ? target : "/";
}
