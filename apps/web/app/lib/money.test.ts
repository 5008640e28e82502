import { describe, expect, it } from "vitest";
import { displayedVariant, productPrice } from "./money";
import { testVariant } from "./store-api/catalog-fixtures.testing";
import type { Variant } from "./store-api/types";

function variant(id: string, priceInCents: number, salePriceInCents: number | null = null): Variant {
  return testVariant({ id, title: id, priceInCents, salePriceInCents });
}

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

describe("displayed variant ties", () => {
  it("keeps the first of equally cheap variants", () => {
    const tied = [variant("a", 2000), variant("b", 2500, 2000), variant("c", 2000)];
    expect(displayedVariant({ siteProductSelection: null, variants: tied })?.id).toBe("a");
  });
});
