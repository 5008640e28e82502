import { describe, expect, it } from "vitest";
import { errorCodes, isErrorCode, lineRefusal } from "./errors.ts";

describe("error codes", () => {
  it("recognises the codes the store API sends and nothing else", () => {
    expect(isErrorCode("insufficient_inventory")).toBe(true);
    // Untrusted JSON: an array or object whose text is a code is still not a code.
    expect(isErrorCode(["not_found"])).toBe(false);
    expect(isErrorCode({ toString: () => "not_found" })).toBe(false);
    expect(isErrorCode("invalid_request")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("INSUFFICIENT_INVENTORY")).toBe(false);
    expect(isErrorCode(42)).toBe(false);
    expect(errorCodes).toContain("mixed_currencies");
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });
});

describe("reading which cart line checkout refused", () => {
  it("reads a line short of stock with how many are left", () => {
    expect(lineRefusal("insufficient_inventory", { variant_id: "var_10g", available: 2, requested: 5 })).toEqual({
      reason: "short_of_stock",
      variantId: "var_10g",
      available: 2,
    });
    expect(lineRefusal("insufficient_inventory", { variant_id: "var_10g", available: 0 })).toEqual({
      reason: "short_of_stock",
      variantId: "var_10g",
      available: 0,
    });
  });

  it("reads unknown and unbuyable variants as unavailable", () => {
    expect(lineRefusal("unknown_variant", { variant_id: "v" })).toEqual({ reason: "unavailable", variantId: "v" });
    expect(lineRefusal("product_unavailable", { variant_id: "v" })).toEqual({ reason: "unavailable", variantId: "v" });
  });

  it("reads a line over the quantity limit with the limit", () => {
    expect(lineRefusal("invalid_quantity", { variant_id: "v", max: 100 })).toEqual({
      reason: "over_limit",
      variantId: "v",
      max: 100,
    });
  });

  it("names no line when the details are missing, malformed or for another code", () => {
    expect(lineRefusal("insufficient_inventory", undefined)).toBeUndefined();
    expect(lineRefusal("insufficient_inventory", { variant_id: "v" })).toBeUndefined();
    expect(lineRefusal("insufficient_inventory", { variant_id: "v", available: -1 })).toBeUndefined();
    expect(lineRefusal("insufficient_inventory", { variant_id: "v", available: "2" })).toBeUndefined();
    expect(lineRefusal("insufficient_inventory", { variant_id: "v", available: 1.5 })).toBeUndefined();
    expect(lineRefusal("invalid_quantity", { variant_id: "v" })).toBeUndefined();
    expect(lineRefusal("unknown_variant", { variant_id: "" })).toBeUndefined();
    expect(lineRefusal("unknown_variant", { variant_id: 7 })).toBeUndefined();
    expect(lineRefusal("unknown_variant", null)).toBeUndefined();
    expect(lineRefusal("mixed_currencies", { variant_id: "v" })).toBeUndefined();
    expect(lineRefusal("made_up", { variant_id: "v" })).toBeUndefined();
  });
});
