import { randomUUID } from "node:crypto";

/** An id a caller may choose: short, and nothing that could break a log line or a header. */
export const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a request: the caller's `X-Request-Id` when it is one (a proxy's, or the web server's own sent on
 * to the store API, so both servers' log lines for one page carry the same id), else a new one. One rule for
 * both servers, so an id one of them makes is always kept by the other. Server-only (node:crypto).
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && requestIdPattern.test(header) ? header : randomUUID();
}
