import { describe, expect, it } from "vitest";
import { formatOrderNumber, isOrderNumber, orderNumberParameter } from "./orders.ts";

describe("order numbers", () => {
  it("are the prefix and the sequence number", () => {
    expect(formatOrderNumber(1001)).toBe("HS-1001");
    expect(formatOrderNumber(123456789)).toBe("HS-123456789");
    expect(() => formatOrderNumber(1000)).toThrow(RangeError);
    expect(() => formatOrderNumber(1000)).toThrow("Not an order sequence number: 1000");
    expect(() => formatOrderNumber(1001.5)).toThrow(RangeError);
  });

  it("are recognised only in their exact form", () => {
    for (const good of ["HS-1001", "HS-99999", "HS-123456789"]) expect(isOrderNumber(good)).toBe(true);
    // Only text: a query parser's array holding a good number is not one.
    expect(isOrderNumber(["HS-1001"])).toBe(false);
    for (const bad of [
      "HS-100",
      "HS-0101",
      "hs-1001",
      "HS-1001 ",
      " HS-1001",
      "HS-1001\n",
      "HS-1234567890",
      "XX-1001",
      "HS-1001<script>",
      "",
      1001,
      null,
    ]) {
      expect(isOrderNumber(bad)).toBe(false);
    }
  });
});

describe("the success URL", () => {
  it("carries the order number in its order parameter", () => {
    expect(orderNumberParameter).toBe("order");
  });
});
