/** True when `value` is an absolute http(s) URL on one of the allowed origins, without credentials. */
export function isAllowedRedirect(value: string, allowedOrigins: ReadonlySet<string>): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username !== "" || url.password !== "") return false;
  return allowedOrigins.has(url.origin);
}
