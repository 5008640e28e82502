import { describe, expect, it } from "vitest";
import { normalisePostalCode } from "./postal-codes.ts";

describe("postal codes", () => {
  it.each([
    ["GB", "SW1A 1AA", "SW1A 1AA"],
    ["GB", "sw1a1aa", "SW1A 1AA"],
    ["GB", "  m1  1ae ", "M1 1AE"],
    ["GB", "EC1A 1BB", "EC1A 1BB"],
    ["CA", "K1A 0B1", "K1A 0B1"],
    ["CA", "k1a0b1", "K1A 0B1"],
    ["CA", "h2x-1y4", "H2X 1Y4"],
    ["US", "94103", "94103"],
    ["US", "94103-1234", "94103-1234"],
    ["US", "941031234", "94103-1234"],
    ["US", "94103 1234", "94103-1234"],
    ["IN", "110001", "110001"],
    ["IN", "110 001", "110001"],
    ["IN", "999999", "999999"],
    ["NP", "44600", "44600"],
    ["NP", "33 700", "33700"],
  ] as const)("%s %j is accepted as %j", (country, text, expected) => {
    expect(normalisePostalCode(country, text)).toBe(expected);
  });

  it.each([
    ["GB", "94103", "a US ZIP code"],
    ["GB", "K1A 0B1", "a Canadian postal code"],
    ["GB", "SW1A", "an outward code alone"],
    ["CA", "SW1A 1AA", "a UK postcode"],
    ["CA", "D1A 0B1", "a first letter Canada Post never uses"],
    ["CA", "K1A 0B", "a short code"],
    ["US", "9410", "4 digits"],
    ["US", "94103-12", "a short +4"],
    ["US", "SW1A 1AA", "a UK postcode"],
    ["IN", "011000", "a leading zero (no such PIN zone)"],
    ["IN", "11000", "5 digits"],
    ["IN", "1100011", "7 digits"],
    ["NP", "4460", "4 digits"],
    ["NP", "446001", "6 digits"],
    ["NP", "4460O", "a letter O for a zero"],
  ] as const)("%s %j is refused: %s", (country, text, _why) => {
    expect(normalisePostalCode(country, text)).toBeNull();
  });
});
