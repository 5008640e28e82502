import { describe, expect, it } from "vitest";
import { isReceiptKeyOf, receiptKeyOf } from "./receipt.ts";

const order = { number: "HS-1001", accessToken: "k2mD0tq8V7n3s1xQwErTyUiOpAsDfGhJ" };

describe("an order's receipt key", () => {
  it("is 22 URL-safe characters, the same each time, and names neither the token nor the number", () => {
    const key = receiptKeyOf(order);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(receiptKeyOf({ ...order })).toBe(key);
    expect(key).not.toContain(order.accessToken.slice(0, 8));
  });

  it("differs for another number or another token", () => {
    const key = receiptKeyOf(order);
    expect(receiptKeyOf({ ...order, number: "HS-1002" })).not.toBe(key);
    expect(receiptKeyOf({ ...order, accessToken: `${order.accessToken}x` })).not.toBe(key);
  });

  it("is accepted only whole and exact", () => {
    const key = receiptKeyOf(order);
    expect(isReceiptKeyOf(order, key)).toBe(true);
    expect(isReceiptKeyOf(order, key.slice(0, 21))).toBe(false);
    expect(isReceiptKeyOf(order, `${key}A`)).toBe(false);
    expect(isReceiptKeyOf(order, `${key.slice(0, 21)}${key.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(isReceiptKeyOf({ ...order, number: "HS-1002" }, key)).toBe(false);
    expect(isReceiptKeyOf(order, "")).toBe(false);
  });
});
