import { describe, expect, it } from "vitest";
import { flagshipPrice, flagshipProduct } from "./flagship";
import type { CardProduct, CardVariant, Currency } from "./store-api/types";

const usd: Currency = { code: "usd", symbol: "$", template: null, decimalDigits: 2 };

const cardVariant = (id: string, priceInCents: number, salePriceInCents: number | null = null): CardVariant => ({
  id,
  title: id,
  imageUrl: null,
  priceInCents,
  salePriceInCents,
  currency: usd,
  manageInventory: false,
  inventoryQuantity: null,
});

const card = (id: string, variants: CardVariant[]): CardProduct => ({
  id,
  title: id,
  subtitle: null,
  ribbonText: null,
  thumbnail: null,
  thumbnailImage: null,
  purchasable: true,
  siteProductSelection: "lowest_price_first",
  variants,
  price: null,
});

describe("the flagship product the market homes and country pages quote (issue 26)", () => {
  const resin = card("prod_himalayan_resin", [cardVariant("30g", 7999, 6999), cardVariant("10g", 2999)]);
  const tin = card("prod_travel_tin", [cardVariant("tin", 1499)]);

  it("is the named product wherever it is listed, else the catalogue's first", () => {
    expect(flagshipProduct([tin, resin])?.id).toBe("prod_himalayan_resin");
    expect(flagshipProduct([tin])?.id).toBe("prod_travel_tin");
    expect(flagshipProduct([])).toBeUndefined();
  });

  it("quotes the price its card shows: the displayed variant's, in minor units and in words", () => {
    expect(flagshipPrice([tin, resin])).toEqual({
      amount: 2999,
      regularAmount: null,
      currency: usd,
      display: { price: "$29.99", regularPrice: null },
    });
    expect(flagshipPrice([card("prod_himalayan_resin", [cardVariant("30g", 7999, 6999)])])).toMatchObject({
      amount: 6999,
      regularAmount: 7999,
      display: { price: "$69.99", regularPrice: "$79.99" },
    });
    expect(flagshipPrice([card("prod_himalayan_resin", [])])).toBeNull();
  });
});
