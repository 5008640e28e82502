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
  it("shares a list between renders that ask the same question, in any case of currency", async () => {
    const store = catalogueStore();
    const shared = withSharedReads(store.api, 1_000, () => 0);
    const first = await shared.listProducts({ priceCurrency: "USD" });
    expect(await shared.listProducts({ priceCurrency: "usd" })).toBe(first);
    expect(store.lists).toHaveLength(1);
    await shared.listProducts({ priceCurrency: "inr" });
    await shared.listProducts({});
    await shared.listProducts();
    await shared.listProducts({ offset: 100, limit: 100 });
    expect(store.lists).toEqual([{ priceCurrency: "USD" }, { priceCurrency: "inr" }, {}, { offset: 100, limit: 100 }]);
  });

  it("shares a product per id and currency, and asks again after the window", async () => {
    const store = catalogueStore();
    const time = { now: 0 };
    const shared = withSharedReads(store.api, 1_000, () => time.now);
    const inDollars = await shared.getProductWithStock("resin", undefined, "usd");
    expect(await shared.getProductWithStock("resin", undefined, "USD")).toBe(inDollars);
    expect((await shared.getProductWithStock("resin", undefined, "npr")).title).toBe("resin in npr #2");
    expect((await shared.getProductWithStock("resin")).title).toBe("resin in - #3");
    expect((await shared.getProductWithStock("tin", undefined, "usd")).title).toBe("tin in usd #4");
    time.now = 999;
    expect(await shared.getProductWithStock("resin", undefined, "usd")).toBe(inDollars);
    time.now = 1_000;
    expect((await shared.getProductWithStock("resin", undefined, "usd")).title).toBe("resin in usd #5");
  });

  it("makes one call for renders that ask at the same time, and keeps no failure", async () => {
    const store = catalogueStore();
    const shared = withSharedReads(store.api, 1_000, () => 0);
    const same = await Promise.all([1, 2, 3].map(() => shared.getProductWithStock("resin", undefined, "usd")));
    expect(new Set(same).size).toBe(1);
    store.fail.add("gone");
    await expect(shared.getProductWithStock("gone")).rejects.toThrow("no gone");
    await expect(shared.getProductWithStock("gone")).rejects.toThrow("no gone");
    expect(store.products).toEqual(["resin usd", "gone -", "gone -"]);
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

  it(`keeps at most ${maxSharedAnswers} answers of a kind, making room with expired ones, then the oldest`, async () => {
    const store = catalogueStore();
    const time = { now: 0 };
    const shared = withSharedReads(store.api, 1_000, () => time.now);
    for (let index = 0; index < maxSharedAnswers; index += 1) await shared.getProductWithStock(`p${index}`);
    time.now = 500;
    // Full of live answers: the oldest (p0) makes room for the new one.
    await shared.getProductWithStock("late");
    await shared.getProductWithStock("p1");
    await shared.getProductWithStock("late");
    expect(store.products).toHaveLength(maxSharedAnswers + 1);
    await shared.getProductWithStock("p0");
    expect(store.products).toHaveLength(maxSharedAnswers + 2);
    // Once they expire, every expired answer is dropped: p2 is asked again, while p0 is still kept.
    time.now = 1_100;
    await shared.getProductWithStock("another");
    await shared.getProductWithStock("p0");
    expect(store.products).toHaveLength(maxSharedAnswers + 3);
    await shared.getProductWithStock("p2");
    expect(store.products).toHaveLength(maxSharedAnswers + 4);
  });
});
