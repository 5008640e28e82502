import { marketByCode } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { pricesIncludeTax } from "./market-tax";

const us = marketByCode("us");
const nepal = marketByCode("np");

describe("whether a market's prices include tax", () => {
  it("is the store's live setting when it names the market, whichever way the owner turned it", () => {
    expect(us.pricesIncludeTax).toBe(false);
    expect(pricesIncludeTax(us, { pricesIncludeTax: { us: true } })).toBe(true);
    expect(nepal.pricesIncludeTax).toBe(true);
    expect(pricesIncludeTax(nepal, { pricesIncludeTax: { np: false, us: true } })).toBe(false);
  });

  it("is the contract's flag when the store could not answer or does not name the market", () => {
    expect(pricesIncludeTax(us, null)).toBe(false);
    expect(pricesIncludeTax(nepal, null)).toBe(true);
    expect(pricesIncludeTax(us, { pricesIncludeTax: {} })).toBe(false);
    expect(pricesIncludeTax(us, { pricesIncludeTax: { ca: true } })).toBe(false);
  });
});
