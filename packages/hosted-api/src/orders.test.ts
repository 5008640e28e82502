import { describe, expect, it } from "vitest";
import { formatOrderNumber, isOrderNumber } from "./orders.ts";

describe("order numbers", () => {
  it("are the prefix and the sequence number", () => {
    expect(formatOrderNumber(1001)).toBe("HS-1001");
    expect(formatOrderNumber(123456789)).toBe("HS-123456789");
    expect(() => formatOrderNumber(1000)).toThrow(RangeError);
    expect(() => formatOrderNumber(1001.5)).toThrow(RangeError);
  });

  it("are recognised only in their exact form", () => {
    for (const good of ["HS-1001", "HS-99999", "HS-123456789"]) expect(isOrderNumber(good)).toBe(true);
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
