import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The servers' own bearer tokens (METRICS_TOKEN, and the store API's ops token): one rule for both servers,
 * so a scraper or the admin command is let in, or not, the same way everywhere. Server-only (node:crypto).
 */

/** What a token setting must look like: long, and only characters safe in a header. */
export const bearerTokenSetting = {
  pattern: /^[\x21-\x7e]{32,256}$/,
  message: "expected at least 32 visible characters, e.g. `openssl rand -hex 32`",
} as const;

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * Whether an Authorization header carries `Bearer <token>` (the scheme in any case, as HTTP says). Both tokens
 * are hashed (as UTF-8) first, so the compare takes the same time whatever token is offered, its length
 * included; only a header that is not `Bearer …` at all, which tells nothing of the token, is refused sooner.
 */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const offered = /^Bearer +(\S+) *$/i.exec(String(header))?.[1];
  return offered !== undefined && timingSafeEqual(digest(offered), digest(token));
}
