import { describe, expect, it } from "vitest";
import { decimalAmount, decimalDigitsOf, formatMinorUnits, payablePrice, saleApplies } from "./money.ts";

const npr = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };

describe("formatting minor units", () => {
  it("divides by 100 with two decimals inside the template", () => {
    expect(formatMinorUnits(120000, npr)).toBe("Rs. 1200.00");
    expect(formatMinorUnits(1234, { code: "usd", symbol: "$", template: "$$1" })).toBe("$12.34");
    expect(formatMinorUnits(5, npr)).toBe("Rs. 0.05");
    expect(formatMinorUnits(0, npr)).toBe("Rs. 0.00");
  });

  it("falls back to the symbol, then the upper-case code, then the euro sign", () => {
    expect(formatMinorUnits(999, { code: "gbp", symbol: "£", template: null })).toBe("£9.99");
    expect(formatMinorUnits(999, { code: "gbp", symbol: null, template: "no placeholder" })).toBe("GBP9.99");
    expect(formatMinorUnits(999, { code: "gbp", symbol: "  ", template: null })).toBe("GBP9.99");
    expect(formatMinorUnits(999, { code: "", symbol: null, template: null })).toBe("€9.99");
    expect(formatMinorUnits(999, { symbol: null, template: null })).toBe("€9.99");
    expect(formatMinorUnits(999, null)).toBe("€9.99");
    expect(formatMinorUnits(999, undefined)).toBe("€9.99");
  });

  it("uses the currency's own number of decimals: none for zero-decimal, three for three-decimal currencies", () => {
    expect(formatMinorUnits(1200, { code: "jpy", symbol: "¥", decimalDigits: 0 })).toBe("¥1200");
    expect(formatMinorUnits(12345, { code: "kwd", template: "KD $1", decimalDigits: 3 })).toBe("KD 12.345");
    expect(formatMinorUnits(12345, { code: "xyz", symbol: "X", decimalDigits: 4 })).toBe("X1.2345");
  });

  it("treats impossible decimal counts as two", () => {
    for (const decimalDigits of [-1, 5, 1.5, Number.NaN, null]) {
      expect(formatMinorUnits(1234, { symbol: "$", decimalDigits })).toBe("$12.34");
    }
  });
});

describe("decimal amounts for structured data and payment providers", () => {
  it("writes minor units as an exact decimal string", () => {
    expect(decimalAmount(1999)).toBe("19.99");
    expect(decimalAmount(1999, 2)).toBe("19.99");
    expect(decimalAmount(5, 2)).toBe("0.05");
    expect(decimalAmount(0, 2)).toBe("0.00");
    expect(decimalAmount(120000, 2)).toBe("1200.00");
    expect(decimalAmount(1200, 0)).toBe("1200");
    expect(decimalAmount(7, 3)).toBe("0.007");
    expect(decimalAmount(-250, 2)).toBe("-2.50");
    expect(decimalAmount(9_007_199_254_740_991, 2)).toBe("90071992547409.91");
  });

  it("refuses what is not a whole number of minor units", () => {
    expect(() => decimalAmount(1.5, 2)).toThrow(RangeError);
    expect(() => decimalAmount(Number.NaN, 2)).toThrow(RangeError);
    expect(() => decimalAmount(2 ** 60, 2)).toThrow(RangeError);
  });

  it("reads a currency's decimals, defaulting to two", () => {
    expect(decimalDigitsOf({ decimalDigits: 0 })).toBe(0);
    expect(decimalDigitsOf({ decimalDigits: 4 })).toBe(4);
    expect(decimalDigitsOf({ decimalDigits: 5 })).toBe(2);
    expect(decimalDigitsOf({})).toBe(2);
    expect(decimalDigitsOf(undefined)).toBe(2);
  });
});

describe("the price rule", () => {
  it("charges the sale amount only when it is above zero", () => {
    expect(payablePrice(2000, 1500)).toBe(1500);
    expect(payablePrice(2000, 1)).toBe(1);
    expect(payablePrice(2000, null)).toBe(2000);
    expect(payablePrice(2000, undefined)).toBe(2000);
  });

  it("never makes a product free through a sale amount of 0", () => {
    expect(payablePrice(2000, 0)).toBe(2000);
    expect(saleApplies(0)).toBe(false);
    expect(saleApplies(-5)).toBe(false);
    expect(saleApplies(1)).toBe(true);
  });
});
