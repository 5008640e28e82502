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
  /** Answers by key, in the order they were kept: the first is the first to expire. */
  private readonly kept = new Map<string, { answer: T; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<T>>();
  /** Replaced on every `forget`: a call made before it keeps nothing. */
  private era: object = {};

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
    const era = this.era;
    const call = ask().then((answer) => {
      if (era === this.era) this.keep(key, answer);
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
    this.era = {};
    this.kept.clear();
    this.pending.clear();
  }

  private keep(key: string, answer: T): void {
    // Full: the answers kept longest, the first to expire, make room.
    for (const oldest of this.kept.keys()) {
      if (this.kept.size < maxSharedAnswers) break;
      this.kept.delete(oldest);
    }
    this.kept.set(key, { answer, expiresAt: this.clock() + this.ttlMs });
  }
}

/**
 * The list query's identity: two queries asking the store the same thing share an answer. The pages name a
 * market's currency as the market does (upper case), so its case is not made the same here.
 */
function listKey(query: ProductListQuery): string {
  return JSON.stringify([
    query.ids ?? [],
    query.offset ?? null,
    query.limit ?? null,
    query.order ?? null,
    query.sortBy ?? null,
    query.priceCurrency ?? null,
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
      products.get(JSON.stringify([id, priceCurrency ?? null]), () =>
        storeApi.getProductWithStock(id, undefined, priceCurrency),
      ),
    forget() {
      shipping.forget();
      lists.forget();
      products.forget();
    },
  };
}
