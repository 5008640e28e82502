/**
 * The URL a shopper may be sent back to: an absolute http(s) URL on one of the allowed origins, without
 * credentials, written exactly as the URL standard writes it. Returns that normal form, or undefined.
 * Anything that does not round-trip (non-ASCII, control characters, look-alike letters that the parser
 * rewrites) is refused here, so no redirect breaks after the money is taken.
 */
export function allowedRedirect(value: string, allowedOrigins: ReadonlySet<string>): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username !== "" || url.password !== "") return undefined;
  if (!allowedOrigins.has(url.origin)) return undefined;
  return url.href === value ? url.href : undefined;
}
