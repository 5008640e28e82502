import { describe, expect, it } from "vitest";
import { cartQuantity, cartReducer, cartTotal, stockProblem, type CartItem } from "./cart";

const npr = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };

function item(variantId: string, quantity: number, overrides: Partial<CartItem["variant"]> = {}): CartItem {
  return {
    product: { id: `prod_${variantId}`, title: "Shilajit Starter Kit", imageUrl: null },
    variant: {
      id: variantId,
      title: "Kit",
      manageInventory: true,
      priceInCents: 150000,
      salePriceInCents: null,
      currency: npr,
      ...overrides,
    },
    quantity,
  };
}

describe("cart reducer", () => {
  it("appends a new variant and raises the quantity of one already present", () => {
    let cart = cartReducer([], { type: "add", item: item("a", 1) });
    cart = cartReducer(cart, { type: "add", item: item("b", 2) });
    cart = cartReducer(cart, { type: "add", item: item("a", 3) });
    expect(cart.map((line) => [line.variant.id, line.quantity])).toEqual([
      ["a", 4],
      ["b", 2],
    ]);
  });

  it("removes by variant id", () => {
    const cart = cartReducer([item("a", 1), item("b", 1)], { type: "remove", variantId: "a" });
    expect(cart.map((line) => line.variant.id)).toEqual(["b"]);
  });

  it("sets a quantity directly with no upper bound, but never below 1", () => {
    const cart = [item("a", 1)];
    expect(cartReducer(cart, { type: "setQuantity", variantId: "a", quantity: 500 })[0]?.quantity).toBe(500);
    expect(cartReducer(cart, { type: "setQuantity", variantId: "a", quantity: 0 })[0]?.quantity).toBe(1);
    expect(cartReducer(cart, { type: "setQuantity", variantId: "a", quantity: Number.NaN })).toBe(cart);
  });

  it("clears everything", () => {
    expect(cartReducer([item("a", 1)], { type: "clear" })).toEqual([]);
  });

  it("does not change the input array", () => {
    const cart = [item("a", 1)];
    cartReducer(cart, { type: "add", item: item("a", 1) });
    expect(cart[0]?.quantity).toBe(1);
  });
});

describe("stock rule", () => {
  it("refuses when the cart quantity plus the added quantity exceeds the stock, with SPEC's message", () => {
    expect(stockProblem([item("a", 2)], item("a", 2), 3)).toBe(
      "Not enough stock for Shilajit Starter Kit (Kit). Only 3 left.",
    );
  });

  it("says a variant with no stock left is sold out", () => {
    expect(stockProblem([], item("a", 1), 0)).toBe("Shilajit Starter Kit (Kit) is sold out.");
  });

  it("allows exactly the stock", () => {
    expect(stockProblem([item("a", 2)], item("a", 1), 3)).toBeNull();
  });

  it("never checks a variant whose inventory is not managed", () => {
    expect(
      stockProblem([item("a", 50, { manageInventory: false })], item("a", 50, { manageInventory: false }), 0),
    ).toBeNull();
  });
});

describe("cart total", () => {
  it("sums the sale price when present, else the price, times the quantity", () => {
    const cart = [item("a", 2), item("b", 3, { priceInCents: 75000, salePriceInCents: 65000 })];
    expect(cartTotal(cart)).toBe(2 * 150000 + 3 * 65000);
    expect(cartQuantity(cart)).toBe(5);
    expect(cartTotal([])).toBe(0);
  });
});
