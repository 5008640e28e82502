import { describe, expect, it } from "vitest";
import { displayedVariant, formatMoney, productPrice } from "./money";
import type { Variant } from "./store-api/types";

const npr = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };

function variant(id: string, priceInCents: number, salePriceInCents: number | null = null): Variant {
  return {
    id,
    title: id,
    imageUrl: null,
    sku: null,
    priceInCents,
    salePriceInCents,
    currency: npr,
    manageInventory: false,
    inventoryQuantity: null,
    weight: null,
  };
}

describe("formatMoney", () => {
  it("divides minor units by 100 with two decimals inside the template", () => {
    expect(formatMoney(120000, npr)).toBe("Rs. 1200.00");
    expect(formatMoney(1234, { code: "usd", symbol: "$", template: "$$1" })).toBe("$12.34");
    expect(formatMoney(5, npr)).toBe("Rs. 0.05");
    expect(formatMoney(0, npr)).toBe("Rs. 0.00");
  });

  it("falls back to the symbol, then the code, then the euro sign", () => {
    expect(formatMoney(999, { code: "gbp", symbol: "£", template: null })).toBe("£9.99");
    expect(formatMoney(999, { code: "gbp", symbol: null, template: "no placeholder" })).toBe("GBP9.99");
    expect(formatMoney(999, { symbol: null, template: null })).toBe("€9.99");
    expect(formatMoney(999, null)).toBe("€9.99");
  });
});

describe("displayed product price", () => {
  const variants = [variant("a", 3000), variant("b", 2000, 1500), variant("c", 1800)];

  it("uses the cheapest variant for null and 'lowest_price_first', counting sale prices", () => {
    expect(displayedVariant({ siteProductSelection: null, variants })?.id).toBe("b");
    expect(displayedVariant({ siteProductSelection: "lowest_price_first", variants })?.id).toBe("b");
  });

  it("uses the first variant for any other selection", () => {
    expect(displayedVariant({ siteProductSelection: "first_variant", variants })?.id).toBe("a");
  });

  it("shows the sale price with the regular price to strike through", () => {
    expect(productPrice({ siteProductSelection: null, variants })).toEqual({
      price: "Rs. 15.00",
      regularPrice: "Rs. 20.00",
    });
    expect(productPrice({ siteProductSelection: "x", variants })).toEqual({ price: "Rs. 30.00", regularPrice: null });
  });

  it("has no price for a product without variants", () => {
    expect(productPrice({ siteProductSelection: null, variants: [] })).toBeNull();
  });
});

describe("currencies with other than two decimals", () => {
  it("formats zero-decimal currencies without a decimal point", () => {
    expect(formatMoney(1500, { code: "jpy", symbol: "¥", template: null, decimalDigits: 0 })).toBe("¥1500");
  });

  it("formats three-decimal currencies in thousandths", () => {
    expect(formatMoney(12345, { code: "kwd", symbol: null, template: "KD $1", decimalDigits: 3 })).toBe("KD 12.345");
  });
});

describe("displayed variant ties", () => {
  it("keeps the first of equally cheap variants", () => {
    const tied = [variant("a", 2000), variant("b", 2500, 2000), variant("c", 2000)];
    expect(displayedVariant({ siteProductSelection: null, variants: tied })?.id).toBe("a");
  });
});
