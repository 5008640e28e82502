import { describe, expect, it } from "vitest";
import { countryNameOf, inOfferOrder } from "./rates.ts";

describe("the storefront's order of delivery rates", () => {
  it("follows the shop's published offer, with countries outside it after, by code", () => {
    const codes = ["DE", "US", "AE", "NP", "AT", "GB", "IN", "CA"].map((countryCode) => ({ countryCode }));
    expect(inOfferOrder(codes).map((rate) => rate.countryCode)).toEqual([
      "NP",
      "IN",
      "US",
      "GB",
      "CA",
      "AE",
      "AT",
      "DE",
    ]);
  });
});

describe("a country's name", () => {
  it("is the shop's own for the countries it delivers to, else the English one, else the code", () => {
    expect(countryNameOf("US")).toBe("United States");
    expect(countryNameOf("GB")).toBe("United Kingdom");
    expect(countryNameOf("DE")).toBe("Germany");
    expect(countryNameOf("not a code")).toBe("not a code");
  });
});
