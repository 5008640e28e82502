import { describe, expect, it } from "vitest";
import { describePriceChange, pricesOfFields } from "./prices.ts";

const currencies = [
  { code: "NPR", decimalDigits: 2, marketName: "Nepal" },
  { code: "USD", decimalDigits: 2, marketName: "United States" },
  { code: "JPY", decimalDigits: 0, marketName: "Japan" },
];
const fields = (values: Record<string, string>) => (name: string) => values[name] ?? "";

describe("the prices a price form holds", () => {
  it("turns each filled price and sale into minor units, and leaves out currencies with no price", () => {
    expect(
      pricesOfFields(fields({ "price-NPR": "1,200", "price-USD": " 44.99 ", "sale-USD": "39.9" }), currencies),
    ).toEqual({
      ok: true,
      prices: [
        { currencyCode: "NPR", amount: 120000, saleAmount: null },
        { currencyCode: "USD", amount: 4499, saleAmount: 3990 },
      ],
    });
    expect(pricesOfFields(fields({ "price-JPY": "1500" }), currencies)).toEqual({
      ok: true,
      prices: [{ currencyCode: "JPY", amount: 1500, saleAmount: null }],
    });
    expect(pricesOfFields(fields({ "price-USD": "0" }), currencies)).toMatchObject({ ok: true });
  });

  it("names the first field that cannot be saved", () => {
    expect(pricesOfFields(fields({}), currencies)).toEqual({ ok: false, message: "Enter at least one price." });
    expect(pricesOfFields(fields({ "sale-USD": "10" }), currencies)).toEqual({
      ok: false,
      message: "Enter the price in USD before its sale price.",
    });
    expect(pricesOfFields(fields({ "price-USD": "-5" }), currencies)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Price in USD: /),
    });
    expect(pricesOfFields(fields({ "price-USD": "4.999" }), currencies)).toEqual({
      ok: false,
      message: "Price in USD: Enter at most 2 decimals.",
    });
    expect(pricesOfFields(fields({ "price-JPY": "15.5" }), currencies)).toEqual({
      ok: false,
      message: "Price in JPY: Enter a whole amount: JPY has no decimals.",
    });
    expect(pricesOfFields(fields({ "price-USD": "10", "sale-USD": "ten" }), currencies)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Sale price in USD: /),
    });
    for (const sale of ["10", "10.00", "12"]) {
      expect(pricesOfFields(fields({ "price-USD": "10", "sale-USD": sale }), currencies)).toEqual({
        ok: false,
        message: "The sale price in USD must be below its price.",
      });
    }
  });
});

describe("a price change as the history writes it", () => {
  it("lists only the currencies that moved, with sales and missing prices named", () => {
    const before = [
      { currencyCode: "NPR", amount: 120000, saleAmount: null },
      { currencyCode: "USD", amount: 2999, saleAmount: null },
    ];
    const after = [
      { currencyCode: "NPR", amount: 120000, saleAmount: null },
      { currencyCode: "USD", amount: 4499, saleAmount: 3999 },
      { currencyCode: "JPY", amount: 1500, saleAmount: null },
    ];
    expect(describePriceChange(before, after, currencies)).toBe("USD 29.99 → 44.99 (sale 39.99); JPY none → 1500");
    expect(describePriceChange(after, before, currencies)).toBe("USD 44.99 (sale 39.99) → 29.99");
    expect(describePriceChange(before, before, currencies)).toBe("");
  });
});
