import { describe, expect, it } from "vitest";
import { orderNumberFromQuery, paysOnDelivery } from "./order-number";

const from = (query: string) => orderNumberFromQuery(new URLSearchParams(query));

describe("the order number on /success", () => {
  it("is read from the contract's parameter when it has the strict form", () => {
    expect(from("?order=HS-1001")).toBe("HS-1001");
    expect(from("order=HS-123456789")).toBe("HS-123456789");
    expect(from("?utm_source=mail&order=HS-2040")).toBe("HS-2040");
  });

  it("is absent when the parameter is missing, empty or named otherwise", () => {
    expect(from("")).toBeNull();
    expect(from("?order=")).toBeNull();
    expect(from("?orderNumber=HS-1001")).toBeNull();
    expect(from("?ORDER=HS-1001")).toBeNull();
  });

  it("is absent for anything but the exact form: too short, trailing text, markup, other prefixes", () => {
    for (const value of [
      "HS-1",
      "HS-100",
      "HS-1001x",
      " HS-1001",
      "HS-1001\n",
      "hs-1001",
      "HS-01001",
      "HS-1234567890",
      "XX-1001",
      "<script>alert(1)</script>",
      "HS-1001<b>",
    ]) {
      expect(from(`?order=${encodeURIComponent(value)}`), value).toBeNull();
    }
  });

  it("is absent when the parameter is given twice, so a second value cannot be slipped in", () => {
    expect(from("?order=HS-1001&order=HS-1002")).toBeNull();
    expect(from("?order=HS-1001&order=x")).toBeNull();
  });
});

describe("cash on delivery on /success", () => {
  const onDelivery = (query: string) => paysOnDelivery(new URLSearchParams(query));

  it("is read from payment=cod, given once", () => {
    expect(onDelivery("?order=HS-1001&payment=cod")).toBe(true);
    expect(onDelivery("payment=cod")).toBe(true);
  });

  it("is not assumed from anything else", () => {
    expect(onDelivery("?order=HS-1001")).toBe(false);
    expect(onDelivery("?payment=card")).toBe(false);
    expect(onDelivery("?payment=COD")).toBe(false);
    expect(onDelivery("?payment=cod&payment=cod")).toBe(false);
    expect(onDelivery("?pay=cod")).toBe(false);
    expect(onDelivery("?payment=")).toBe(false);
  });
});
