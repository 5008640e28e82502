import { describe, expect, it } from "vitest";
import { formatMinorUnits } from "@herbo/hosted-api";
import { clientKeyOf, mergeItems, sameItems, unitPrice } from "./sessions.ts";

describe("checkout pricing", () => {
  it("charges the sale price when there is one above zero", () => {
    expect(unitPrice({ amount: 120000, saleAmount: null })).toBe(120000);
    expect(unitPrice({ amount: 120000, saleAmount: 99000 })).toBe(99000);
    expect(unitPrice({ amount: 120000, saleAmount: 0 })).toBe(120000);
  });

  it("merges repeated variants, keeping first-seen order", () => {
    expect(
      mergeItems([
        { variantId: "b", quantity: 1 },
        { variantId: "a", quantity: 2 },
        { variantId: "b", quantity: 3 },
      ]),
    ).toEqual([
      { variantId: "b", quantity: 4 },
      { variantId: "a", quantity: 2 },
    ]);
  });

  it("formats a stored currency row with the contract's formatter: template, else symbol, else euro sign", () => {
    const npr = {
      code: "NPR",
      name: "Nepalese Rupee",
      namePlural: "Nepalese rupees",
      symbol: "Rs",
      symbolNative: "रु",
      template: "Rs. $1",
      decimalDigits: 2,
    };
    expect(formatMinorUnits(120000, npr)).toBe("Rs. 1200.00");
    expect(formatMinorUnits(5, { ...npr, template: "" })).toBe("Rs0.05");
    expect(formatMinorUnits(1234, undefined)).toBe("€12.34");
  });
});

describe("a client's earlier checkout", () => {
  const line = (variantId: string, quantity: number) => ({ variantId, quantity });

  it("has the same items when every variant has the same quantity, in any order", () => {
    expect(sameItems([line("a", 1), line("b", 2)], [line("b", 2), line("a", 1)])).toBe(true);
    expect(sameItems([], [])).toBe(true);
  });

  it("differs by a quantity, a variant, or a line more or less", () => {
    expect(sameItems([line("a", 1)], [line("a", 2)])).toBe(false);
    expect(sameItems([line("a", 1)], [line("b", 1)])).toBe(false);
    expect(sameItems([line("a", 1)], [line("a", 1), line("b", 1)])).toBe(false);
    expect(sameItems([line("a", 1), line("b", 1)], [line("a", 1)])).toBe(false);
  });

  it("is found by a hash of the address, never the address itself", () => {
    const key = clientKeyOf("203.0.113.7");
    expect(key).toHaveLength(32);
    expect(key).not.toContain("203");
    expect(clientKeyOf("203.0.113.7")).toBe(key);
    expect(clientKeyOf("203.0.113.8")).not.toBe(key);
  });
});
