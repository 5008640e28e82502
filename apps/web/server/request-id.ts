import { AsyncLocalStorage } from "node:async_hooks";

const currentRequest = new AsyncLocalStorage<{ id: string }>();

/** Runs the handling of one request with its id, so every store API call made for it sends the id on. */
export function withRequestId<T>(id: string, handle: () => T): T {
  return currentRequest.run({ id }, handle);
}

/** The id of the request being handled, or undefined outside one (prerendering, start-up). */
export function currentRequestId(): string | undefined {
  return currentRequest.getStore()?.id;
}
