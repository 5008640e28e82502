import { defaultMarket, marketByCode } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { aboutPriceCopy } from "~/content/home";
import { nepal } from "~/content/nepal";
import { readFixture } from "./store-api/fixtures.testing";
import { reshapeProductList } from "./store-api/reshape";
import {
  cataloguePriceOf,
  flagshipPriceIn,
  flagshipPricesByMarket,
  priceInCopy,
  rupeesInWords,
  statePrice,
} from "./stated-price";

describe("prices stated in the shop's copy", () => {
  it("writes the price where the copy marks it, and the copy's own wording when there is none", () => {
    const copy = { withPrice: "From {price} a jar.", withoutPrice: "Ask us for a price." };
    expect(statePrice(copy, "Rs. 1200.00")).toBe("From Rs. 1200.00 a jar.");
    expect(statePrice(copy, null)).toBe("Ask us for a price.");
    expect(() => statePrice({ withPrice: "From a jar.", withoutPrice: "" }, "$1")).toThrow(/\{price\}/);
  });

  it("says the Nepal home's rupees in words, with paisa only when there are some", () => {
    expect(rupeesInWords(120000)).toBe("1,200 rupees");
    expect(rupeesInWords(135000)).toBe("1,350 rupees");
    expect(rupeesInWords(120050)).toBe("1,200.50 rupees");
    expect(rupeesInWords(99)).toBe("0.99 rupees");
    expect(rupeesInWords(1234567800)).toBe("12,345,678 rupees");
  });

  it("quotes every copy with a price slot, and never a typed figure", () => {
    const copies = [
      aboutPriceCopy(defaultMarket),
      aboutPriceCopy(marketByCode("us")),
      nepal.heroSubtitle,
      nepal.orderNowText,
      nepal.metaDescription,
    ];
    for (const copy of copies) {
      expect(copy.withPrice).toContain("{price}");
      expect(`${copy.withPrice} ${copy.withoutPrice}`).not.toMatch(/\d[\d,.]*\s*(rupees|NPR)|Rs\.?\s*\d|\$\s*\d/);
      expect(copy.withoutPrice).not.toContain("{price}");
    }
    expect(statePrice(aboutPriceCopy(marketByCode("us")), "$29.99")).toMatch(
      /^In the United States, our resin starts at \$29\.99/,
    );
  });

  it("takes the flagship's price from the catalogue in each market's currency, as its cards write it", () => {
    const { products } = reshapeProductList(readFixture("ours", "products.json"));
    const nepalPrice = flagshipPriceIn(products, defaultMarket);
    if (nepalPrice === null) throw new Error("the fixture has a flagship");
    expect(priceInCopy(nepalPrice)).toBe("Rs. 1200.00");
    expect(rupeesInWords(nepalPrice.amount)).toBe("1,200 rupees");
    expect(cataloguePriceOf(nepalPrice)).toEqual({
      amount: nepalPrice.amount,
      currency: "NPR",
      decimalDigits: 2,
    });
    const byMarket = flagshipPricesByMarket(products);
    expect(byMarket.get("np")).toEqual(nepalPrice);
    const inUae = byMarket.get("ae");
    expect(inUae && priceInCopy(inUae)).toMatch(/^AED\s110\.00$/);
    const inUsa = byMarket.get("us");
    expect(inUsa && priceInCopy(inUsa)).toBe("$29.99");
  });
});
