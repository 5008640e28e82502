import { describe, expect, it } from "vitest";
import { asArray, asBoolean, asFiniteNumber, asId, asRecord, asString, asText, isWholeNumber } from "./json-guards";

describe("readers of untrusted JSON", () => {
  it("take only plain objects as records", () => {
    const record = { a: 1 };
    expect(asRecord(record)).toBe(record);
    for (const value of [null, undefined, [], "x", 5, true]) expect(asRecord(value)).toBeUndefined();
  });

  it("take only arrays as arrays", () => {
    const list = [1];
    expect(asArray(list)).toBe(list);
    for (const value of [{ length: 1 }, "ab", null]) expect(asArray(value)).toBeUndefined();
  });

  it("take only strings as strings, the empty one included", () => {
    expect(asString("")).toBe("");
    for (const value of [5, null, ["a"]]) expect(asString(value)).toBeUndefined();
  });

  it("take only finite numbers as numbers", () => {
    expect(asFiniteNumber(0)).toBe(0);
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, "5", null])
      expect(asFiniteNumber(value)).toBeUndefined();
  });

  it("take only true and false as booleans", () => {
    expect(asBoolean(false)).toBe(false);
    for (const value of ["true", 1, null]) expect(asBoolean(value)).toBeUndefined();
  });

  it("take non-empty strings and finite numbers as ids, numbers written as strings", () => {
    expect(asId("var_1")).toBe("var_1");
    expect(asId(42)).toBe("42");
    for (const value of ["", Number.NaN, Number.POSITIVE_INFINITY, true, null]) expect(asId(value)).toBeUndefined();
  });

  it("take non-blank strings as text and everything else as null", () => {
    expect(asText(" a ")).toBe(" a ");
    for (const value of ["", "   ", 5, null]) expect(asText(value)).toBeNull();
  });

  it("check whole numbers against both bounds, inclusive", () => {
    expect(isWholeNumber(1, 1, 999)).toBe(true);
    expect(isWholeNumber(999, 1, 999)).toBe(true);
    for (const value of [0, 1000, 1.5, "5", Number.NaN]) expect(isWholeNumber(value, 1, 999)).toBe(false);
  });
});
