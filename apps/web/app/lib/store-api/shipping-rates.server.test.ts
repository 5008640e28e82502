import { describe, expect, it } from "vitest";
import { publishedShippingRates } from "~/content/shipping";
import { createStoreApi } from "./client";
import { readFixture } from "./fixtures.testing";
import { loadShipping, loadShippingRates } from "./shipping-rates.server";

function storeAnswering(answer: () => Response | Promise<Response>) {
  const urls: string[] = [];
  const fetch = (input: RequestInfo | URL) => {
    urls.push(String(input));
    return Promise.resolve(answer());
  };
  return { urls, api: createStoreApi({ baseUrl: "https://api.test", storeId: "local", fetch }) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the rates a page quotes", () => {
  it("are the store's live rates, asked of its shipping-rates call", async () => {
    const changed = readFixture("ours", "shipping-rates.json") as { shipping_rates: { amount: number }[] };
    const first = changed.shipping_rates[0];
    if (first !== undefined) first.amount = 25_000;
    const { urls, api } = storeAnswering(() => json(changed));
    const rates = await loadShippingRates(api);
    expect(urls).toEqual(["https://api.test/store/local/shipping-rates"]);
    expect(rates?.[0]).toMatchObject({ country: "NP", amount: 25_000 });
  });

  it("are the shop's published offer against a store without that call (the hosted backend answers 404)", async () => {
    const { api } = storeAnswering(() => json({ message: "Not found" }, 404));
    expect(await loadShippingRates(api)).toEqual(publishedShippingRates);
    expect(await loadShipping(api)).toEqual({
      rates: publishedShippingRates,
      pricesIncludeTax: {},
      freeShippingOver: {},
      quantityPrices: {},
    });
  });

  it("come with each market's live tax setting from the same call", async () => {
    const changed = readFixture("ours", "shipping-rates.json") as {
      markets: { code: string; prices_include_tax: boolean }[];
    };
    const us = changed.markets.find((market) => market.code === "us");
    if (us !== undefined) us.prices_include_tax = true;
    const { urls, api } = storeAnswering(() => json(changed));
    const shipping = await loadShipping(api);
    expect(urls).toEqual(["https://api.test/store/local/shipping-rates"]);
    expect(shipping?.pricesIncludeTax).toMatchObject({ us: true, ca: false, np: true });
    expect(shipping?.rates).toHaveLength(6);
  });

  it("are none when the store fails or cannot be reached, so the page states no rate", async () => {
    for (const answer of [
      () => json({ error: { code: "internal_error", message: "x" } }, 500),
      () => json({ error: { code: "service_unavailable", message: "x" } }, 503),
      () => json({ handling_days: "soon" }),
      () => Promise.reject(new TypeError("fetch failed")),
    ]) {
      const { api } = storeAnswering(answer);
      expect(await loadShippingRates(api)).toBeNull();
      expect(await loadShipping(api)).toBeNull();
    }
  });
});
