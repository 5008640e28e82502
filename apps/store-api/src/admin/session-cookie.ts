/** The back office's session cookie: its name, how it is read from a request and how it is written. */

export const sessionCookieName = "herbo_admin_session";
/** The cookie goes only to the back office's pages and API, never to the hosted checkout or the catalogue. */
export const sessionCookiePath = "/admin";

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * A browser sends one session cookie per path and domain it holds, so another site under the same domain
 * can toss in cookies of the same name ahead of the owner's. At most this many are tried.
 */
export const maxSessionCookies = 10;

/**
 * Every session token in a Cookie header that has the right shape, in order, without repeats; malformed
 * ones are skipped, so a tossed cookie cannot hide the owner's. The guard accepts the request when any is
 * a valid session.
 */
export function readSessionTokens(cookieHeader: string | undefined): string[] {
  if (cookieHeader === undefined) return [];
  const tokens: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== sessionCookieName) continue;
    const value = part.slice(separator + 1).trim();
    if (tokenPattern.test(value) && !tokens.includes(value)) tokens.push(value);
    if (tokens.length === maxSessionCookies) break;
  }
  return tokens;
}

/** Set-Cookie for a new session: HttpOnly, SameSite=Strict, Path=/admin, Secure over https, lasting `maxAgeSeconds`. */
export function sessionCookie(token: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${sessionCookieName}=${token}`,
    `Path=${sessionCookiePath}`,
    `Max-Age=${options.maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie that makes the browser forget the session cookie. */
export function clearedSessionCookie(options: { secure: boolean }): string {
  return [
    `${sessionCookieName}=`,
    `Path=${sessionCookiePath}`,
    "Max-Age=0",
    "HttpOnly",
    "SameSite=Strict",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
