import { describe, expect, it } from "vitest";
import type { Product, Variant } from "../store-api/types";
import { cartItemFor } from "./cart-item";

const currency = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };
const variant: Variant = {
  id: "var_10g",
  title: "10 g",
  imageUrl: "https://api.test/10g.svg",
  sku: "HS-10",
  priceInCents: 120000,
  salePriceInCents: 99900,
  currency,
  prices: [],
  manageInventory: true,
  inventoryQuantity: 4,
  weight: 10,
};
const product: Product = {
  id: "prod_resin",
  title: "Resin",
  subtitle: null,
  ribbonText: null,
  descriptionHtml: "",
  sections: [],
  thumbnail: "https://api.test/resin.svg",
  thumbnailImage: null,
  images: [],
  purchasable: true,
  order: 1,
  siteProductSelection: null,
  options: [],
  socialImage: null,
  variants: [variant],
};

describe("cart line for a variant", () => {
  it("keeps what the cart needs: ids, titles, prices, currency, stock tracking and the variant's image", () => {
    expect(cartItemFor(product, variant, 3)).toEqual({
      product: { id: "prod_resin", title: "Resin", imageUrl: "https://api.test/10g.svg" },
      variant: {
        id: "var_10g",
        title: "10 g",
        manageInventory: true,
        priceInCents: 120000,
        salePriceInCents: 99900,
        currency,
      },
      quantity: 3,
    });
  });

  it("shows the product's thumbnail when the variant has no image of its own", () => {
    expect(cartItemFor(product, { ...variant, imageUrl: null }, 1).product.imageUrl).toBe("https://api.test/resin.svg");
  });
});
