import { marketByCode } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { pricesIncludeTax, taxIncludedNote } from "./market-tax";

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

describe("the words beside a price that includes tax", () => {
  it("name the market's tax where prices include it: VAT in the UK, the UAE and Nepal, GST in India", () => {
    expect(["uk", "ae", "np", "in"].map((code) => taxIncludedNote(marketByCode(code) ?? nepal, true))).toEqual([
      "incl. VAT",
      "incl. VAT",
      "incl. VAT",
      "incl. GST",
    ]);
  });

  it("are none where prices leave the tax out (the duties note says it there), and plain for an unnamed tax", () => {
    expect(taxIncludedNote(us, false)).toBeNull();
    expect(taxIncludedNote(marketByCode("ca"), pricesIncludeTax(marketByCode("ca"), null))).toBeNull();
    expect(taxIncludedNote(us, true)).toBe("incl. tax");
  });
});
