import { describe, expect, it } from "vitest";
import { convertMinorUnits, parseDecimalAmount } from "./provider-amount.ts";

describe("convertMinorUnits", () => {
  it("keeps an amount whose currency counts alike", () => {
    expect(convertMinorUnits(65000, 2, 2)).toBe(65000);
  });
  it("scales up to a provider with more decimals", () => {
    expect(convertMinorUnits(650, 0, 2)).toBe(65000);
    expect(convertMinorUnits(1999, 2, 3)).toBe(19990);
  });
  it("scales down only when nothing is lost", () => {
    expect(convertMinorUnits(65000, 2, 0)).toBe(650);
    expect(convertMinorUnits(65050, 2, 0)).toBeUndefined();
    expect(convertMinorUnits(65000, 3, 1)).toBe(650);
    // Dividing, never multiplying by 10^-4, which gives 0.9999999999999999 here.
    expect(convertMinorUnits(10000, 4, 0)).toBe(1);
  });
  it("refuses negative, fractional and unsafe amounts", () => {
    expect(convertMinorUnits(-1, 2, 2)).toBeUndefined();
    expect(convertMinorUnits(0, 2, 2)).toBe(0);
    expect(convertMinorUnits(1.5, 2, 2)).toBeUndefined();
    expect(convertMinorUnits(Number.MAX_SAFE_INTEGER, 0, 2)).toBeUndefined();
  });
});

describe("parseDecimalAmount", () => {
  it("reads the shapes providers write", () => {
    expect(parseDecimalAmount("650", 2)).toBe(65000);
    expect(parseDecimalAmount("650.0", 2)).toBe(65000);
    expect(parseDecimalAmount("650.05", 2)).toBe(65005);
    expect(parseDecimalAmount("1,000.5", 2)).toBe(100050);
    expect(parseDecimalAmount("10,000.50", 2)).toBe(1000050);
    expect(parseDecimalAmount("1,000,000", 0)).toBe(1000000);
    expect(parseDecimalAmount(" 12 ", 2)).toBe(1200);
  });
  it("reads a JSON number through its decimal text", () => {
    expect(parseDecimalAmount(650.5, 2)).toBe(65050);
    expect(parseDecimalAmount(1000, 0)).toBe(1000);
  });
  it("refuses what is not a plain amount of this currency", () => {
    for (const bad of ["", "-5", "+5", "1e3", "12.345", "1,00", "1,0000.00", "abc", "12.", ".5", "NaN"]) {
      expect(parseDecimalAmount(bad, 2), bad).toBeUndefined();
    }
    expect(parseDecimalAmount(Number.NaN, 2)).toBeUndefined();
    expect(parseDecimalAmount(Number.POSITIVE_INFINITY, 2)).toBeUndefined();
    expect(parseDecimalAmount("10.50", 0)).toBeUndefined();
    expect(parseDecimalAmount("10.00", 0)).toBe(10);
  });
});
