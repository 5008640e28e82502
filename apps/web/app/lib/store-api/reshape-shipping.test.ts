import { describe, expect, it } from "vitest";
import { readFixture } from "./fixtures.testing";
import {
  reshapeFreeShipping,
  reshapeMarketTaxes,
  reshapeQuantityPrices,
  reshapeShippingRates,
} from "./reshape-shipping";

const ours = readFixture("ours", "shipping-rates.json");

describe("the store's shipping rates, read", () => {
  it("reads our store API's answer: every country in its market's currency, with handling and transit days", () => {
    const rates = reshapeShippingRates(ours);
    expect(rates.map((rate) => [rate.country, rate.currency, rate.amount])).toEqual([
      ["NP", "NPR", 0],
      ["IN", "INR", 14_900],
      ["US", "USD", 1_299],
      ["GB", "GBP", 999],
      ["CA", "CAD", 1_699],
      ["AE", "AED", 4_500],
    ]);
    expect(rates[2]).toEqual({
      country: "US",
      countryName: "United States",
      currency: "USD",
      amount: 1_299,
      decimalDigits: 2,
      handlingDays: { min: 1, max: 2 },
      transitDays: { min: 7, max: 14 },
    });
  });

  it("leaves out a rate it cannot read whole, and keeps the others", () => {
    const good = {
      country_code: "us",
      country_name: "United States",
      currency_code: "usd",
      amount: 1299,
      min_days: 7,
      max_days: 14,
    };
    const rates = reshapeShippingRates({
      handling_days: { min: 1, max: 2 },
      shipping_rates: [
        good,
        { ...good, country_code: "CA", amount: -1 },
        { ...good, country_code: "GB", amount: 9.99 },
        { ...good, country_code: "IN", amount: "149" },
        { ...good, country_code: "AE", min_days: 9, max_days: 8 },
        { ...good, country_code: "NP", currency_code: null },
        { ...good, country_code: "Nepal" },
        { ...good, country_code: "FR", currency_code: "euro" },
        { ...good, country_code: "BE", currency_code: "1eur" },
        { ...good, country_code: "DE", country_name: "", currency_code: "eur" },
        null,
      ],
    });
    // Codes are upper-cased; a missing name falls back to the code.
    expect(rates.map((rate) => [rate.country, rate.countryName, rate.currency])).toEqual([
      ["US", "United States", "USD"],
      ["DE", "DE", "EUR"],
    ]);
    // A currency no market sells in is written with two decimals, as most are.
    expect(rates[1]?.decimalDigits).toBe(2);
  });

  it("refuses an answer that is not a list of rates with handling days", () => {
    expect(() => reshapeShippingRates({ shipping_rates: {}, handling_days: { min: 1, max: 2 } })).toThrow(
      /shipping rates/,
    );
    expect(() => reshapeShippingRates({ shipping_rates: [] })).toThrow(/shipping rates/);
    expect(() => reshapeShippingRates({ shipping_rates: [], handling_days: { min: 3, max: 2 } })).toThrow(
      /shipping rates/,
    );
    expect(() => reshapeShippingRates(null)).toThrow(/shipping rates/);
    expect(reshapeShippingRates({ shipping_rates: [], handling_days: { min: 0, max: 0 } })).toEqual([]);
  });
});

describe("each market's tax setting, read from the same answer", () => {
  it("reads our store API's markets by code", () => {
    expect(reshapeMarketTaxes(ours)).toEqual({ np: true, us: false, in: true, uk: true, ca: false, ae: true });
  });

  it("says nothing of a market it cannot read, nor when the answer has no markets", () => {
    expect(
      reshapeMarketTaxes({
        markets: [
          { code: "US", prices_include_tax: true },
          { code: "ca", prices_include_tax: "no" },
          { code: "usa", prices_include_tax: false },
          { prices_include_tax: false },
          "np",
        ],
      }),
    ).toEqual({ us: true });
    expect(reshapeMarketTaxes({ handling_days: { min: 1, max: 2 }, shipping_rates: [] })).toEqual({});
    expect(reshapeMarketTaxes({ markets: "all" })).toEqual({});
    expect(reshapeMarketTaxes(null)).toEqual({});
  });
});

describe("each market's free-shipping threshold, read from the same answer", () => {
  it("reads none from our store API's fresh shop", () => {
    expect(reshapeFreeShipping(ours)).toEqual({});
  });

  it("reads whole, positive amounts by market code and states no offer for anything else", () => {
    expect(
      reshapeFreeShipping({
        markets: [
          { code: "UK", prices_include_tax: true, free_shipping_over: 6_000 },
          { code: "us", free_shipping_over: 1 },
          { code: "ca", free_shipping_over: 0 },
          { code: "in", free_shipping_over: -500 },
          { code: "ae", free_shipping_over: 99.5 },
          { code: "np", free_shipping_over: "6000" },
          { code: "usa", free_shipping_over: 6_000 },
          { free_shipping_over: 6_000 },
          "np",
        ],
      }),
    ).toEqual({ uk: 6_000, us: 1 });
    expect(reshapeFreeShipping({ markets: [{ code: "uk", free_shipping_over: null }] })).toEqual({});
    expect(reshapeFreeShipping({ shipping_rates: [] })).toEqual({});
    expect(reshapeFreeShipping(null)).toEqual({});
  });
});

describe("each market's quantity prices, read from the same answer", () => {
  it("reads none from our store API's fresh shop", () => {
    expect(reshapeQuantityPrices(ours)).toEqual({});
  });

  it("groups tiers by market and product, sorted by units, and leaves out what cannot be read", () => {
    expect(
      reshapeQuantityPrices({
        quantity_prices: [
          { product_id: "prod_resin", market: "UK", min_quantity: 3, percent: 15 },
          { product_id: "prod_resin", market: "uk", min_quantity: 2, percent: 10 },
          { product_id: "prod_resin", market: "us", min_quantity: 2, percent: 5 },
          { product_id: "prod_tin", market: "uk", min_quantity: 1, percent: 10 },
          { product_id: "prod_tin", market: "uk", min_quantity: 2, percent: 101 },
          { product_id: "prod_tin", market: "uk", min_quantity: 2.5, percent: 10 },
          { product_id: "", market: "uk", min_quantity: 2, percent: 10 },
          { market: "uk", min_quantity: 3, percent: 15 },
          { product_id: "prod_kit", market: "usa", min_quantity: 2, percent: 10 },
          "prod_kit",
        ],
      }),
    ).toEqual({
      uk: {
        prod_resin: [
          { minQuantity: 2, percent: 10 },
          { minQuantity: 3, percent: 15 },
        ],
      },
      us: { prod_resin: [{ minQuantity: 2, percent: 5 }] },
    });
  });

  it("states no offer for a product whose tiers together break the shop's rules", () => {
    expect(
      reshapeQuantityPrices({
        quantity_prices: [
          { product_id: "prod_resin", market: "uk", min_quantity: 2, percent: 15 },
          { product_id: "prod_resin", market: "uk", min_quantity: 3, percent: 10 },
          { product_id: "prod_tin", market: "uk", min_quantity: 2, percent: 10 },
        ],
      }),
    ).toEqual({ uk: { prod_tin: [{ minQuantity: 2, percent: 10 }] } });
    // The same units twice, the same saving for more units, or a later tier saving less than the one before it.
    const rule = (tiers: { min_quantity: number; percent: number }[]) =>
      reshapeQuantityPrices({
        quantity_prices: tiers.map((tier) => ({ product_id: "prod_resin", market: "uk", ...tier })),
      });
    expect(
      rule([
        { min_quantity: 2, percent: 10 },
        { min_quantity: 2, percent: 15 },
      ]),
    ).toEqual({});
    expect(
      rule([
        { min_quantity: 2, percent: 10 },
        { min_quantity: 3, percent: 10 },
      ]),
    ).toEqual({});
    expect(
      rule([
        { min_quantity: 2, percent: 10 },
        { min_quantity: 3, percent: 20 },
        { min_quantity: 4, percent: 15 },
      ]),
    ).toEqual({});
    expect(
      rule([
        { min_quantity: 4, percent: 30 },
        { min_quantity: 2, percent: 10 },
        { min_quantity: 3, percent: 20 },
      ]),
    ).toEqual({
      uk: {
        prod_resin: [
          { minQuantity: 2, percent: 10 },
          { minQuantity: 3, percent: 20 },
          { minQuantity: 4, percent: 30 },
        ],
      },
    });
    expect(reshapeQuantityPrices({ quantity_prices: "all" })).toEqual({});
    expect(reshapeQuantityPrices(null)).toEqual({});
  });
});
