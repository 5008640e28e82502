import { describe, expect, it } from "vitest";
import { amountField, formatMoney, moneyFormat, parseAmount, type MoneyFormat } from "./money.ts";

const npr: MoneyFormat = { currency: "NPR", decimalDigits: 2, template: "Rs. $1", symbol: null };
const jpy: MoneyFormat = { currency: "JPY", decimalDigits: 0, template: "¥$1", symbol: null };

describe("an order's money format", () => {
  it("is the order's currency as the API describes it", () => {
    expect(moneyFormat({ currency: { code: "NPR", decimalDigits: 2, template: "Rs. $1", symbol: "Rs" } })).toEqual({
      ...npr,
      symbol: "Rs",
    });
    expect(moneyFormat({ currency: { code: "USD", decimalDigits: 2, template: null, symbol: "$" } })).toEqual({
      currency: "USD",
      decimalDigits: 2,
      template: null,
      symbol: "$",
    });
  });
});

describe("writing amounts", () => {
  it("formats minor units as the API does", () => {
    expect(formatMoney(120000, npr)).toBe("Rs. 1200.00");
    expect(formatMoney(5, npr)).toBe("Rs. 0.05");
    expect(formatMoney(1200, jpy)).toBe("¥1200");
    expect(formatMoney(1999, { currency: "USD", decimalDigits: 2, template: null, symbol: "$" })).toBe("$19.99");
    // Each market's currency as the store API writes it, Indian grouping included.
    expect(formatMoney(149_900, { currency: "INR", decimalDigits: 2, template: "₹$1", symbol: "₹" })).toBe("₹1,499.00");
    expect(formatMoney(3999, { currency: "CAD", decimalDigits: 2, template: "CA$$1", symbol: "CA$" })).toBe("CA$39.99");
  });

  it("fills a field with the decimal amount, without the currency", () => {
    expect(amountField(120000, npr)).toBe("1200.00");
    expect(amountField(5, npr)).toBe("0.05");
    expect(amountField(0, npr)).toBe("0.00");
    expect(amountField(1200, jpy)).toBe("1200");
  });
});

describe("reading an amount the owner typed", () => {
  const amount = (text: string, format = npr) => parseAmount(text, format);

  it("turns decimals into minor units without floating point", () => {
    expect(amount("1200")).toEqual({ ok: true, amount: 120000 });
    expect(amount("1200.5")).toEqual({ ok: true, amount: 120050 });
    expect(amount("1200.50")).toEqual({ ok: true, amount: 120050 });
    expect(amount("0.29")).toEqual({ ok: true, amount: 29 });
    expect(amount("1.15")).toEqual({ ok: true, amount: 115 });
    expect(amount("0.07")).toEqual({ ok: true, amount: 7 });
    expect(amount(" 7.1 ")).toEqual({ ok: true, amount: 710 });
    expect(amount(".5")).toEqual({ ok: true, amount: 50 });
    expect(amount("5.")).toEqual({ ok: true, amount: 500 });
    expect(amount("0")).toEqual({ ok: true, amount: 0 });
    expect(amount("0.00")).toEqual({ ok: true, amount: 0 });
    expect(amount("12.500")).toEqual({ ok: true, amount: 1250 });
    expect(amount("1.2000")).toEqual({ ok: true, amount: 120 });
    expect(amount("1200", { ...npr, decimalDigits: 4 })).toEqual({ ok: true, amount: 12000000 });
  });

  it("accepts thousands grouped by commas, and only well-grouped ones", () => {
    expect(amount("1,200.50")).toEqual({ ok: true, amount: 120050 });
    expect(amount("1,234,567")).toEqual({ ok: true, amount: 123456700 });
    expect(amount("12,000")).toEqual({ ok: true, amount: 1200000 });
    expect(amount("123,456.7")).toEqual({ ok: true, amount: 12345670 });
    const notANumber = { ok: false, message: "Enter the amount as a number, e.g. 1200.50 (0 for none)." };
    expect(amount("12,00")).toEqual(notANumber);
    expect(amount("1,2345")).toEqual(notANumber);
    expect(amount(",200")).toEqual(notANumber);
    expect(amount("1234,567")).toEqual(notANumber);
    expect(amount("1,234,56")).toEqual(notANumber);
  });

  it("refuses what is not an amount", () => {
    const notANumber = { ok: false, message: "Enter the amount as a number, e.g. 1200.50 (0 for none)." };
    for (const text of ["", "  ", ".", "-5", "abc", "1e3", "12.3.4", "Rs. 5", "5 6"]) {
      expect(amount(text), text).toEqual(notANumber);
    }
  });

  it("refuses more decimals than the currency has", () => {
    expect(amount("1.005")).toEqual({ ok: false, message: "Enter at most 2 decimals." });
    expect(amount("1.25", { ...npr, decimalDigits: 1 })).toEqual({ ok: false, message: "Enter at most 1 decimal." });
    expect(amount("1.2345", { ...npr, decimalDigits: 3 })).toEqual({ ok: false, message: "Enter at most 3 decimals." });
    expect(amount("1.234", { ...npr, decimalDigits: 3 })).toEqual({ ok: true, amount: 1234 });
    expect(amount("1200", jpy)).toEqual({ ok: true, amount: 1200 });
    expect(amount("1200.0", jpy)).toEqual({ ok: true, amount: 1200 });
    expect(amount("1200.5", jpy)).toEqual({ ok: false, message: "Enter a whole amount: JPY has no decimals." });
  });

  it("refuses amounts past what a number holds exactly", () => {
    expect(amount("90071992547409.91")).toEqual({ ok: true, amount: Number.MAX_SAFE_INTEGER });
    expect(amount("90071992547409.92")).toEqual({ ok: false, message: "That amount is too large." });
  });
});
