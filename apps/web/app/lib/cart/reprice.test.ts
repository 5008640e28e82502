import { describe, expect, it } from "vitest";
import type { Currency, Product, Variant, VariantPrice } from "../store-api/types";
import { rupees, testProduct, testVariant } from "../store-api/catalog-fixtures.testing";
import type { CartItem } from "./cart";
import {
  cartCurrency,
  lineCurrency,
  needsRepricing,
  productsToReprice,
  repriceCart,
  repricingCurrency,
} from "./reprice";

const npr = rupees;
const usd: Currency = { code: "usd", symbol: "$", template: null, decimalDigits: 2 };
const gbp: Currency = { code: "gbp", symbol: "£", template: null, decimalDigits: 2 };

const price = (amount: number, currency: Currency, sale: number | null = null): VariantPrice => ({
  amount,
  sale,
  currency,
});

function variant(id: string, prices: VariantPrice[]): Variant {
  const first = prices[0] ?? price(0, npr);
  return testVariant({
    id,
    title: id,
    priceInCents: first.amount,
    salePriceInCents: first.sale,
    currency: first.currency,
    prices,
  });
}

function product(id: string, variants: Variant[]): Product {
  return testProduct({ id, title: id, order: 0, variants });
}

function line(productId: string, variantId: string, amount: number, currency: Currency, quantity = 1): CartItem {
  return {
    product: { id: productId, title: `Product ${productId}`, imageUrl: null },
    variant: {
      id: variantId,
      title: variantId,
      manageInventory: false,
      priceInCents: amount,
      salePriceInCents: null,
      currency,
    },
    quantity,
  };
}

// The store's answer: the resin in every currency (the 30 g on sale in dollars), the gift box in rupees only.
const catalogue = [
  product("resin", [
    variant("resin_10g", [price(120000, npr), price(2999, usd), price(2499, gbp)]),
    variant("resin_30g", [price(320000, npr, 300000), price(7999, usd, 6999)]),
  ]),
  product("gift", [variant("gift_box", [price(350000, npr)])]),
];

describe("the cart's currency", () => {
  it("is its lines' currency, in upper case, and none for an empty cart", () => {
    expect(cartCurrency([])).toBeNull();
    expect(cartCurrency([line("resin", "resin_10g", 120000, npr)])).toBe("NPR");
    expect(lineCurrency(line("resin", "resin_10g", 2999, usd))).toBe("USD");
  });

  it("needs re-pricing only when a line is in another currency, and asks only for those lines' products", () => {
    const cart = [line("resin", "resin_10g", 120000, npr), line("resin", "resin_30g", 300000, npr)];
    expect(needsRepricing([], "USD")).toBe(false);
    expect(needsRepricing(cart, "npr")).toBe(false);
    expect(needsRepricing(cart, "USD")).toBe(true);
    expect(productsToReprice(cart, "USD")).toEqual(["resin"]);
    expect(productsToReprice([...cart, line("gift", "gift_box", 4999, usd)], "USD")).toEqual(["resin"]);
  });
});

describe("re-pricing a cart in another currency (issue 26: one cart per market)", () => {
  const rupeeCart = [
    line("resin", "resin_10g", 120000, npr, 2),
    line("gift", "gift_box", 350000, npr, 1),
    line("resin", "resin_30g", 300000, npr, 3),
  ];

  it("takes each line's price in the new currency from the store, sale included, keeping order and quantities", () => {
    const outcome = repriceCart(rupeeCart, catalogue, "usd");
    expect(
      outcome.items.map((item) => [
        item.variant.id,
        item.variant.priceInCents,
        item.variant.salePriceInCents,
        item.variant.currency.code,
        item.quantity,
      ]),
    ).toEqual([
      ["resin_10g", 2999, null, "usd", 2],
      ["resin_30g", 7999, 6999, "usd", 3],
    ]);
    expect(outcome.repriced.map((item) => item.variant.id)).toEqual(["resin_10g", "resin_30g"]);
  });

  it("removes a line the store has no price for in that currency, and one it no longer sells, never mixing", () => {
    const outcome = repriceCart([...rupeeCart, line("gone", "gone_1", 1000, npr)], catalogue, "USD");
    expect(outcome.removed.map((item) => item.variant.id)).toEqual(["gift_box", "gone_1"]);
    expect(new Set(outcome.items.map(lineCurrency))).toEqual(new Set(["USD"]));
    // A price in another currency is never taken instead (the 30 g has no pound price).
    const pounds = repriceCart(rupeeCart, catalogue, "GBP");
    expect(pounds.items.map((item) => [item.variant.id, item.variant.priceInCents])).toEqual([["resin_10g", 2499]]);
    expect(pounds.removed.map((item) => item.variant.id)).toEqual(["gift_box", "resin_30g"]);
  });

  it("leaves lines already in the currency as they are, and changes nothing for a cart all in it", () => {
    const mixed = [line("resin", "resin_10g", 2999, usd), line("resin", "resin_30g", 300000, npr)];
    const outcome = repriceCart(mixed, catalogue, "USD");
    expect(outcome.items[0]).toBe(mixed[0]);
    expect(outcome.repriced.map((item) => item.variant.id)).toEqual(["resin_30g"]);
    expect(repriceCart(outcome.items, catalogue, "USD")).toEqual({ items: outcome.items, repriced: [], removed: [] });
  });

  it("keeps lines of products it did not ask about (added while the store was asked) for the next time", () => {
    const outcome = repriceCart(rupeeCart, [], "USD", new Set(["resin"]));
    expect(outcome.items.map((item) => item.variant.id)).toEqual(["gift_box"]);
    expect(outcome.removed.map((item) => item.variant.id)).toEqual(["resin_10g", "resin_30g"]);
  });

  it("moves to a market's currency only once the store prices a line in it (a one-price backend keeps the cart)", () => {
    expect(repricingCurrency(rupeeCart, catalogue, "usd")).toBe("USD");
    const onePrice = [product("resin", [variant("resin_10g", [price(120000, npr)])])];
    expect(repricingCurrency(rupeeCart, onePrice, "USD")).toBeNull();
    expect(repricingCurrency(rupeeCart, catalogue, "AED")).toBeNull();
  });
});
