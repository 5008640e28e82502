import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** An id a caller may choose: short, and nothing that could break a log line or a header. */
export const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's `X-Request-Id` when it is a safe one (a proxy's), else a new id. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && requestIdPattern.test(header) ? header : randomUUID();
}

const currentRequest = new AsyncLocalStorage<{ id: string }>();

/** Runs the handling of one request with its id, so every store API call made for it sends the id on. */
export function withRequestId<T>(id: string, handle: () => T): T {
  return currentRequest.run({ id }, handle);
}

/** The id of the request being handled, or undefined outside one (prerendering, start-up). */
export function currentRequestId(): string | undefined {
  return currentRequest.getStore()?.id;
}
