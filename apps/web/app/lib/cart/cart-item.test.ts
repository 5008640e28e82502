import { describe, expect, it } from "vitest";
import { rupees, testProduct, testVariant } from "../store-api/catalog-fixtures.testing";
import { cartItemFor } from "./cart-item";

const variant = testVariant({
  id: "var_10g",
  imageUrl: "https://api.test/10g.svg",
  sku: "HS-10",
  salePriceInCents: 99900,
  manageInventory: true,
  inventoryQuantity: 4,
  weight: 10,
});
const product = testProduct({ id: "prod_resin", thumbnail: "https://api.test/resin.svg", variants: [variant] });

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
        currency: rupees,
      },
      quantity: 3,
    });
  });

  it("shows the product's thumbnail when the variant has no image of its own", () => {
    expect(cartItemFor(product, { ...variant, imageUrl: null }, 1).product.imageUrl).toBe("https://api.test/resin.svg");
  });
});
