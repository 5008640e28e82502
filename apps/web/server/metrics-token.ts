import { createHash, timingSafeEqual } from "node:crypto";

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the compare
 * takes the same time whatever the header holds, its length included.
 */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  const offered = match?.[1] ?? "";
  return timingSafeEqual(digest(offered), digest(token)) && match !== null;
}
