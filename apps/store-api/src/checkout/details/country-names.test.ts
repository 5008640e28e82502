import { describe, expect, it } from "vitest";
import { countryInSentence, shippingCountryName } from "./country-names.ts";

describe("country names", () => {
  it("prints the shop's names for the countries it delivers to", () => {
    expect(shippingCountryName("NP")).toBe("Nepal");
    expect(shippingCountryName("US")).toBe("United States");
    expect(shippingCountryName("AE")).toBe("United Arab Emirates");
  });

  it.each([
    ["NP", "Nepal"],
    ["US", "the United States"],
    ["GB", "the United Kingdom"],
    ["AE", "the United Arab Emirates"],
    ["DE", "Germany"],
    ["IM", "the Isle of Man"],
    ["KY", "the Cayman Islands"],
    ["NL", "the Netherlands"],
    ["GG", "Guernsey"],
    ["not a code", "not a code"],
  ])("reads %j as %j in a sentence", (code, expected) => {
    expect(countryInSentence(code)).toBe(expected);
  });
});
