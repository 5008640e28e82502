import { describe, expect, it } from "vitest";
import { orderNumberFromQuery, successQueryOf } from "./order-number";

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

describe("what /success is asked to check", () => {
  const of = (query: string) => successQueryOf(new URLSearchParams(query));
  const key = "AbCdEfGhIjKlMnOpQr_-09";

  it("is SPEC's plain page when the address names no order", () => {
    expect(of("")).toEqual({ kind: "plain" });
    expect(of("?utm_source=mail")).toEqual({ kind: "plain" });
    expect(of(`?receipt=${key}`)).toEqual({ kind: "plain" });
  });

  it("is the order and its key when both have their strict form, once each", () => {
    expect(of(`?order=HS-1001&receipt=${key}`)).toEqual({ kind: "order", number: "HS-1001", key });
    expect(of(`?order=HS-1001&payment=cod&receipt=${key}`)).toEqual({ kind: "order", number: "HS-1001", key });
  });

  it("is unverifiable when an order is named without a good number and one good key", () => {
    for (const query of [
      "?order=HS-9999",
      "?order=",
      `?order=HS-1&receipt=${key}`,
      "?order=HS-1001&receipt=short",
      `?order=HS-1001&receipt=${key}x`,
      `?order=HS-1001&receipt=${key}&receipt=${key}`,
      `?order=HS-1001&order=HS-1002&receipt=${key}`,
    ]) {
      expect(of(query), query).toEqual({ kind: "unverifiable" });
    }
  });
});
