import type { StoreApi } from "../app/lib/store-api/client";
import type { Product, ProductList, ProductListQuery, StoreShipping } from "../app/lib/store-api/types";

/**
 * How long the server reuses the store's catalogue answers between renders: the store API's own catalogue
 * cache window (`CATALOG_CACHE_MS`, one second by default), so a render shows nothing older than a second
 * store API process may already answer with. A change made through the store reaches the web server's change
 * stream and drops them at once (`forget`); shoppers' holds on stock are not streamed, and a page may state
 * stock this much late, as a cached page may (checkout checks it again).
 */
export const sharedReadsMs = 1_000;

/**
 * Answers kept per kind at most. Only answers the store gave are kept, so the keys are real products and
 * the few lists the pages ask for; the bound stops a flood of odd requests from growing the map.
 */
export const maxSharedAnswers = 100;

/**
 * One kind of store answer shared between renders: an answer is reused for `ttlMs`, and renders that ask
 * while it is on its way wait for the same call. A failed call is not kept (the next render asks again).
 */
class SharedAnswers<T> {
  private readonly kept = new Map<string, { answer: T; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  get(key: string, ask: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      if (kept.expiresAt > this.clock()) return Promise.resolve(kept.answer);
      this.kept.delete(key);
    }
    const pending = this.pending.get(key);
    if (pending !== undefined) return pending;
    const asked = this.generation;
    const call = ask().then((answer) => {
      if (asked === this.generation) this.keep(key, answer);
      return answer;
    });
    this.pending.set(key, call);
    const settle = () => {
      if (this.pending.get(key) === call) this.pending.delete(key);
    };
    call.then(settle, settle);
    return call;
  }

  /** After the store changed: the next render asks again, and no call already on its way is kept. */
  forget(): void {
    this.generation += 1;
    this.kept.clear();
    this.pending.clear();
  }

  private keep(key: string, answer: T): void {
    if (!this.kept.has(key) && this.kept.size >= maxSharedAnswers) {
      const now = this.clock();
      for (const [other, entry] of this.kept) if (entry.expiresAt <= now) this.kept.delete(other);
      // Still full of live answers: the one kept longest makes room (a Map keeps insertion order).
      const oldest = this.kept.keys().next();
      if (this.kept.size >= maxSharedAnswers && oldest.done !== true) this.kept.delete(oldest.value);
    }
    this.kept.set(key, { answer, expiresAt: this.clock() + this.ttlMs });
  }
}

/** The list query's identity: two queries asking the store the same thing share an answer. */
function listKey(query: ProductListQuery): string {
  return JSON.stringify([
    query.ids ?? [],
    query.offset ?? null,
    query.limit ?? null,
    query.order ?? null,
    query.sortBy ?? null,
    query.priceCurrency?.toLowerCase() ?? null,
  ]);
}

/**
 * The store API with the calls every catalogue render makes shared between renders: the shipping answer,
 * the product lists and each product with its stock (per currency). Each render otherwise asked the store
 * again for the same answer, and a second store call per page was a large share of an uncached render and
 * of the store API's work. The shared calls carry no render's signal, so one shopper leaving does not fail
 * the others; the client's own timeout still bounds them. Pages must not change what they are given: the
 * loaders copy what they reshape.
 */
export function withSharedReads(
  storeApi: StoreApi,
  ttlMs: number = sharedReadsMs,
  clock: () => number = () => Date.now(),
): StoreApi & { forget(): void } {
  if (ttlMs <= 0) return { ...storeApi, forget: () => undefined };
  const shipping = new SharedAnswers<StoreShipping>(ttlMs, clock);
  const lists = new SharedAnswers<ProductList>(ttlMs, clock);
  const products = new SharedAnswers<Product>(ttlMs, clock);
  return {
    ...storeApi,
    getShipping: () => shipping.get("", () => storeApi.getShipping()),
    listProducts: (query = {}) => lists.get(listKey(query), () => storeApi.listProducts(query)),
    getProductWithStock: (id, _signal, priceCurrency) =>
      products.get(JSON.stringify([id, priceCurrency?.toLowerCase() ?? null]), () =>
        storeApi.getProductWithStock(id, undefined, priceCurrency),
      ),
    forget() {
      shipping.forget();
      lists.forget();
      products.forget();
    },
  };
}
