import { describe, expect, it } from "vitest";
import {
  cashOnDeliveryPayment,
  formatOrderNumber,
  isOrderNumber,
  isReceiptKey,
  orderNumberParameter,
  readOrderReceipt,
  receiptParameter,
  successPaymentParameter,
} from "./orders.ts";

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
  it("carries the order number in its order parameter, cash on delivery and the receipt key in theirs", () => {
    expect(orderNumberParameter).toBe("order");
    expect(successPaymentParameter).toBe("payment");
    expect(cashOnDeliveryPayment).toBe("cod");
    expect(receiptParameter).toBe("receipt");
  });
});

describe("the receipt of an order", () => {
  it("has a key of exactly 22 URL-safe Base64 characters", () => {
    expect(isReceiptKey("AbCdEfGhIjKlMnOpQr_-09")).toBe(true);
    for (const bad of ["AbCdEfGhIjKlMnOpQr_-0", "AbCdEfGhIjKlMnOpQr_-09x", "AbCdEfGhIjKlMnOpQr+/09", "", 22, null]) {
      expect(isReceiptKey(bad)).toBe(false);
    }
  });

  const good = {
    order: { number: "HS-1001", payment: "paid", total: { amount: 65000, currency_code: "NPR", text: "Rs. 650.00" } },
  };

  it("is read when the store's answer has the contract's shape", () => {
    expect(readOrderReceipt(good)).toEqual(good.order);
    const cash = { order: { ...good.order, payment: "cash_on_delivery" } };
    expect(readOrderReceipt(cash)?.payment).toBe("cash_on_delivery");
  });

  it("is nothing when any part of the answer is off", () => {
    const order = good.order;
    for (const bad of [
      null,
      "receipt",
      {},
      { order: null },
      { order: "HS-1001" },
      { order: { ...order, number: "HS-1" } },
      { order: { ...order, payment: "card" } },
      { order: { ...order, total: null } },
      { order: { ...order, total: "Rs. 650.00" } },
      { order: { ...order, total: { ...order.total, amount: 650.5 } } },
      { order: { ...order, total: { ...order.total, amount: "65000" } } },
      { order: { ...order, total: { ...order.total, currency_code: 524 } } },
      { order: { ...order, total: { ...order.total, text: undefined } } },
    ]) {
      expect(readOrderReceipt(bad)).toBeUndefined();
    }
  });
});
