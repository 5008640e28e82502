import type { StoreApi } from "../app/lib/store-api/client";
import type { StoreShipping } from "../app/lib/store-api/types";

/**
 * How long the server reuses the store's shipping answer: the store API's own catalogue cache window
 * (`CATALOG_CACHE_MS`, one second by default), so a changed rate or tax setting shows within the same second
 * it already may take on a second store API process. Every catalogue page asks for it beside its catalogue
 * call; sharing it saves a store call per uncached render.
 */
export const sharedShippingMs = 1_000;

/**
 * The store API with its shipping call shared between renders: one answer is reused for `ttlMs`, and
 * renders that ask while it is on its way wait for the same call. A failed call is not kept (the next render
 * asks again). The shared call carries no render's signal, so one shopper leaving does not fail the others;
 * the client's own timeout still bounds it.
 */
export function withSharedShipping(
  storeApi: StoreApi,
  ttlMs: number = sharedShippingMs,
  clock: () => number = () => Date.now(),
): StoreApi & { forgetShipping(): void } {
  if (ttlMs <= 0) return { ...storeApi, forgetShipping: () => undefined };
  let kept: { answer: StoreShipping; expiresAt: number } | undefined;
  let pending: Promise<StoreShipping> | undefined;
  let generation = 0;
  function getShipping(): Promise<StoreShipping> {
    if (kept !== undefined && kept.expiresAt > clock()) return Promise.resolve(kept.answer);
    if (pending !== undefined) return pending;
    const asked = generation;
    const call = storeApi.getShipping().then((answer) => {
      if (asked === generation) kept = { answer, expiresAt: clock() + ttlMs };
      return answer;
    });
    pending = call;
    const forget = () => {
      if (pending === call) pending = undefined;
    };
    call.then(forget, forget);
    return call;
  }
  /** After the store changed: the next render asks again, and no call already on its way is kept. */
  function forgetShipping(): void {
    generation += 1;
    kept = undefined;
    pending = undefined;
  }
  return { ...storeApi, getShipping, forgetShipping };
}
