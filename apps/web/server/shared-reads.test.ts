import { describe, expect, it } from "vitest";
import { createStoreApi, type StoreApi } from "../app/lib/store-api/client";
import type { Product, ProductList, ProductListQuery, StoreShipping } from "../app/lib/store-api/types";
import { maxSharedAnswers, withSharedReads } from "./shared-reads";

function answerWith(tax: boolean): StoreShipping {
  return { rates: [], pricesIncludeTax: { us: tax }, freeShippingOver: {}, quantityPrices: {} };
}

/** A store API whose shipping call answers from `answers` in turn (an Error rejects), counting the calls. */
function countingStore(answers: (StoreShipping | Error)[]): { api: StoreApi; calls: () => number } {
  let calls = 0;
  const base = createStoreApi({
    baseUrl: "http://store.test",
    storeId: "local",
    fetch: () => Promise.reject(new Error("no")),
  });
  const api: StoreApi = {
    ...base,
    getShipping: () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return new Promise((resolve, reject) =>
        setTimeout(() => (answer instanceof Error ? reject(answer) : resolve(answer as StoreShipping)), 1),
      );
    },
  };
  return { api, calls: () => calls };
}

describe("withSharedReads: the shipping answer", () => {
  it("reuses the answer within the window, then asks the store again", async () => {
    const time = { now: 0 };
    const store = countingStore([answerWith(true), answerWith(false)]);
    const api = withSharedReads(store.api, 1_000, () => time.now);
    expect(await api.getShipping()).toEqual(answerWith(true));
    time.now = 999;
    expect(await api.getShipping()).toEqual(answerWith(true));
    expect(store.calls()).toBe(1);
    time.now = 1_000;
    expect(await api.getShipping()).toEqual(answerWith(false));
    expect(store.calls()).toBe(2);
  });

  it("makes one call for renders that ask at the same time", async () => {
    const store = countingStore([answerWith(true)]);
    const api = withSharedReads(store.api, 1_000);
    const answers = await Promise.all([api.getShipping(), api.getShipping(), api.getShipping()]);
    expect(answers).toEqual([answerWith(true), answerWith(true), answerWith(true)]);
    expect(store.calls()).toBe(1);
  });

  it("keeps no failure: the next render asks again", async () => {
    const store = countingStore([new Error("store down"), answerWith(true)]);
    const api = withSharedReads(store.api, 1_000);
    await expect(api.getShipping()).rejects.toThrow("store down");
    expect(await api.getShipping()).toEqual(answerWith(true));
    expect(store.calls()).toBe(2);
  });

  it("passes every call through with a window of zero, and leaves the calls no render repeats alone", async () => {
    const store = countingStore([answerWith(true), answerWith(false)]);
    const api = withSharedReads(store.api, 0);
    expect(api.getShipping).toBe(store.api.getShipping);
    expect(api.listProducts).toBe(store.api.listProducts);
    expect(api.getProductWithStock).toBe(store.api.getProductWithStock);
    const shared = withSharedReads(store.api, 1_000);
    expect(shared.createCheckout).toBe(store.api.createCheckout);
    expect(shared.getOrderReceipt).toBe(store.api.getOrderReceipt);
    expect(shared.getReviewPage).toBe(store.api.getReviewPage);
  });

  it("forget asks the store again, and keeps no answer of a call made before it", async () => {
    const { api, calls } = countingStore([answerWith(false), answerWith(true), answerWith(true)]);
    const shared = withSharedReads(api, 60_000, () => 0);
    expect((await shared.getShipping()).pricesIncludeTax.us).toBe(false);
    shared.forget();
    const during = shared.getShipping();
    shared.forget();
    await during;
    expect((await shared.getShipping()).pricesIncludeTax.us).toBe(true);
    expect(calls()).toBe(3);
    expect((await shared.getShipping()).pricesIncludeTax.us).toBe(true);
    expect(calls()).toBe(3);
  });

  it("after forget, renders join the call made after it, even when the one made before ends first", async () => {
    let calls = 0;
    const finishers: ((value: StoreShipping) => void)[] = [];
    const base = countingStore([answerWith(false)]).api;
    const shared = withSharedReads(
      {
        ...base,
        getShipping: () => {
          calls += 1;
          return new Promise<StoreShipping>((resolve) => finishers.push(resolve));
        },
      },
      60_000,
      () => 0,
    );
    const before = shared.getShipping();
    shared.forget();
    const after = shared.getShipping();
    finishers[0]?.(answerWith(false));
    await before;
    const joining = shared.getShipping();
    expect(calls).toBe(2);
    finishers[1]?.(answerWith(true));
    expect((await after).pricesIncludeTax.us).toBe(true);
    expect((await joining).pricesIncludeTax.us).toBe(true);
  });
});

/** A store API whose list and product calls answer at once with what they were asked, counting each call. */
function catalogueStore(): { api: StoreApi; lists: ProductListQuery[]; products: string[]; fail: Set<string> } {
  const lists: ProductListQuery[] = [];
  const products: string[] = [];
  const fail = new Set<string>();
  const base = countingStore([answerWith(true)]).api;
  const api: StoreApi = {
    ...base,
    listProducts: (query = {}) => {
      lists.push(query);
      return Promise.resolve({ products: [], count: lists.length, offset: 0, limit: 0 } as ProductList);
    },
    getProductWithStock: (id, _signal, priceCurrency) => {
      products.push(`${id} ${priceCurrency ?? "-"}`);
      if (fail.has(id)) return Promise.reject(new Error(`no ${id}`));
      return Promise.resolve({ id, title: `${id} in ${priceCurrency ?? "-"} #${products.length}` } as Product);
    },
  };
  return { api, lists, products, fail };
}

describe("withSharedReads: product lists and products", () => {
  it("shares a list between renders that ask the same question, and asks each different one", async () => {
    const store = catalogueStore();
    const shared = withSharedReads(store.api, 1_000, () => 0);
    const first = await shared.listProducts({ priceCurrency: "USD" });
    expect(await shared.listProducts({ priceCurrency: "USD" })).toBe(first);
    expect(store.lists).toHaveLength(1);
    const questions: ProductListQuery[] = [
      { priceCurrency: "INR" },
      {},
      { offset: 100 },
      { limit: 5 },
      { order: "desc" },
      { sortBy: "title" },
      { ids: ["prod_1"] },
    ];
    for (const query of questions) await shared.listProducts(query);
    expect(store.lists).toEqual([{ priceCurrency: "USD" }, ...questions]);
    // The same questions again, written another way: no query, and no ids, are the empty query.
    const empty = await shared.listProducts({});
    expect(await shared.listProducts()).toBe(empty);
    expect(await shared.listProducts({ ids: [] })).toBe(empty);
    expect(await shared.listProducts({ offset: 100 })).not.toBe(empty);
    expect(store.lists).toHaveLength(1 + questions.length);
  });

  it("shares a product per id and currency, and asks again after the window", async () => {
    const store = catalogueStore();
    const time = { now: 0 };
    const shared = withSharedReads(store.api, 1_000, () => time.now);
    const inDollars = await shared.getProductWithStock("resin", undefined, "USD");
    expect(await shared.getProductWithStock("resin", undefined, "USD")).toBe(inDollars);
    expect((await shared.getProductWithStock("resin", undefined, "NPR")).title).toBe("resin in NPR #2");
    expect((await shared.getProductWithStock("resin")).title).toBe("resin in - #3");
    expect((await shared.getProductWithStock("tin", undefined, "USD")).title).toBe("tin in USD #4");
    time.now = 999;
    expect(await shared.getProductWithStock("resin", undefined, "USD")).toBe(inDollars);
    time.now = 1_000;
    expect((await shared.getProductWithStock("resin", undefined, "USD")).title).toBe("resin in USD #5");
  });

  it("keeps answers by the real clock when given none", async () => {
    const store = catalogueStore();
    const shared = withSharedReads(store.api, 60_000);
    const first = await shared.getProductWithStock("resin");
    expect(await shared.getProductWithStock("resin")).toBe(first);
    expect(store.products).toHaveLength(1);
  });

  it("makes one call for renders that ask at the same time, and keeps no failure", async () => {
    const store = catalogueStore();
    const shared = withSharedReads(store.api, 1_000, () => 0);
    const same = await Promise.all([1, 2, 3].map(() => shared.getProductWithStock("resin", undefined, "USD")));
    expect(new Set(same).size).toBe(1);
    store.fail.add("gone");
    await expect(shared.getProductWithStock("gone")).rejects.toThrow("no gone");
    await expect(shared.getProductWithStock("gone")).rejects.toThrow("no gone");
    expect(store.products).toEqual(["resin USD", "gone -", "gone -"]);
  });

  it("forget drops lists and products with the shipping answer", async () => {
    const store = catalogueStore();
    const shared = withSharedReads(store.api, 60_000, () => 0);
    await shared.listProducts({});
    await shared.getProductWithStock("resin");
    shared.forget();
    await shared.listProducts({});
    await shared.getProductWithStock("resin");
    expect(store.lists).toHaveLength(2);
    expect(store.products).toHaveLength(2);
  });

  it(`keeps at most ${maxSharedAnswers} answers of a kind, the oldest making room`, async () => {
    const store = catalogueStore();
    const time = { now: 0 };
    const shared = withSharedReads(store.api, 1_000, () => time.now);
    for (let index = 0; index < maxSharedAnswers; index += 1) await shared.getProductWithStock(`p${index}`);
    time.now = 500;
    // Full: the oldest (p0) makes room for the new one, and only it.
    await shared.getProductWithStock("late");
    await shared.getProductWithStock("p1");
    await shared.getProductWithStock("late");
    expect(store.products).toHaveLength(maxSharedAnswers + 1);
    await shared.getProductWithStock("p0");
    expect(store.products).toHaveLength(maxSharedAnswers + 2);
    // Asking p0 again made room by dropping p1, the oldest then; p2 is still kept.
    await shared.getProductWithStock("p2");
    expect(store.products).toHaveLength(maxSharedAnswers + 2);
    await shared.getProductWithStock("p1");
    expect(store.products).toHaveLength(maxSharedAnswers + 3);
    // An expired answer is asked again, and kept as the newest.
    time.now = 1_000;
    await shared.getProductWithStock("p5");
    expect(store.products).toHaveLength(maxSharedAnswers + 4);
    await shared.getProductWithStock("late");
    expect(store.products).toHaveLength(maxSharedAnswers + 4);
  });
});
