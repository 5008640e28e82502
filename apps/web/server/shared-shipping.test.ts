import { describe, expect, it } from "vitest";
import { createStoreApi, type StoreApi } from "../app/lib/store-api/client";
import type { StoreShipping } from "../app/lib/store-api/types";
import { withSharedShipping } from "./shared-shipping";

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

describe("withSharedShipping", () => {
  it("reuses the answer within the window, then asks the store again", async () => {
    const time = { now: 0 };
    const store = countingStore([answerWith(true), answerWith(false)]);
    const api = withSharedShipping(store.api, 1_000, () => time.now);
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
    const api = withSharedShipping(store.api, 1_000);
    const answers = await Promise.all([api.getShipping(), api.getShipping(), api.getShipping()]);
    expect(answers).toEqual([answerWith(true), answerWith(true), answerWith(true)]);
    expect(store.calls()).toBe(1);
  });

  it("keeps no failure: the next render asks again", async () => {
    const store = countingStore([new Error("store down"), answerWith(true)]);
    const api = withSharedShipping(store.api, 1_000);
    await expect(api.getShipping()).rejects.toThrow("store down");
    expect(await api.getShipping()).toEqual(answerWith(true));
    expect(store.calls()).toBe(2);
  });

  it("passes every call through with a window of zero, and leaves the other calls alone", async () => {
    const store = countingStore([answerWith(true), answerWith(false)]);
    const api = withSharedShipping(store.api, 0);
    expect(api.getShipping).toBe(store.api.getShipping);
    const shared = withSharedShipping(store.api, 1_000);
    expect(shared.listProducts).toBe(store.api.listProducts);
    expect(shared.getProductWithStock).toBe(store.api.getProductWithStock);
  });

  it("forgetShipping asks the store again, and keeps no answer of a call made before it", async () => {
    const { api, calls } = countingStore([answerWith(false), answerWith(true), answerWith(true)]);
    const shared = withSharedShipping(api, 60_000, () => 0);
    expect((await shared.getShipping()).pricesIncludeTax.us).toBe(false);
    shared.forgetShipping();
    const during = shared.getShipping();
    shared.forgetShipping();
    await during;
    expect((await shared.getShipping()).pricesIncludeTax.us).toBe(true);
    expect(calls()).toBe(3);
    expect((await shared.getShipping()).pricesIncludeTax.us).toBe(true);
    expect(calls()).toBe(3);
  });

  it("after forgetShipping, renders join the call made after it, even when the one made before ends first", async () => {
    let calls = 0;
    const finishers: ((value: StoreShipping) => void)[] = [];
    const base = countingStore([answerWith(false)]).api;
    const shared = withSharedShipping(
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
    shared.forgetShipping();
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
