/** The back office's session cookie: its name, how it is read from a request and how it is written. */

export const sessionCookieName = "herbo_admin_session";
/** The cookie goes only to the back office's pages and API, never to the hosted checkout or the catalogue. */
export const sessionCookiePath = "/admin";

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The session token in a Cookie header, when it has the right shape; a malformed one counts as none. */
export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== sessionCookieName) continue;
    const value = part.slice(separator + 1).trim();
    return tokenPattern.test(value) ? value : undefined;
  }
  return undefined;
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
