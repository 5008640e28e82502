import { describe, expect, it } from "vitest";
import { maxCheckoutLines, maxLineQuantity } from "@herbo/hosted-api";
import { addProblem, cartQuantity, cartReducer, cartTotal, limitProblem, stockProblem, type CartItem } from "./cart";

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

  it("sets a quantity directly, never below 1 and never above the checkout's line limit", () => {
    const cart = [item("a", 1)];
    expect(cartReducer(cart, { type: "setQuantity", variantId: "a", quantity: 12 })[0]?.quantity).toBe(12);
    expect(cartReducer(cart, { type: "setQuantity", variantId: "a", quantity: maxLineQuantity })[0]?.quantity).toBe(
      maxLineQuantity,
    );
    expect(cartReducer(cart, { type: "setQuantity", variantId: "a", quantity: 500 })[0]?.quantity).toBe(
      maxLineQuantity,
    );
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

describe("checkout limits in the cart", () => {
  const untracked = { manageInventory: false };

  it("stops one line at the checkout's quantity limit, with a message naming it", () => {
    expect(maxLineQuantity).toBe(20);
    expect(limitProblem([item("a", 19, untracked)], item("a", 1, untracked))).toBeNull();
    expect(limitProblem([item("a", 20, untracked)], item("a", 1, untracked))).toBe(
      "You can order at most 20 of Shilajit Starter Kit (Kit) at a time. For larger orders, please contact us.",
    );
    expect(limitProblem([], item("a", 21, untracked))).not.toBeNull();
    expect(limitProblem([], item("a", 20, untracked))).toBeNull();
  });

  it("counts only the line of the same variant towards its limit", () => {
    expect(limitProblem([item("b", 20, untracked), item("a", 1, untracked)], item("a", 19, untracked))).toBeNull();
  });

  it("refuses a new line once the cart holds as many lines as one checkout may, but still raises existing ones", () => {
    expect(maxCheckoutLines).toBe(50);
    const full = Array.from({ length: maxCheckoutLines }, (_, index) => item(`v${index}`, 1, untracked));
    expect(limitProblem(full, item("new", 1, untracked))).toBe(
      "Your cart can hold at most 50 different items. Please check out or remove one first.",
    );
    expect(limitProblem(full, item("v3", 1, untracked))).toBeNull();
    expect(limitProblem(full.slice(1), item("new", 1, untracked))).toBeNull();
  });

  it("checks stock before the limits", () => {
    expect(addProblem([], item("a", 21), 5)).toBe("Not enough stock for Shilajit Starter Kit (Kit). Only 5 left.");
    expect(addProblem([], item("a", 21), 500)).toContain("at most 20");
    expect(addProblem([], item("a", 2), 5)).toBeNull();
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

describe("multi-line carts", () => {
  it("sets the quantity of the named line and leaves the other lines alone", () => {
    const cart = cartReducer([item("a", 1), item("b", 2), item("c", 3)], {
      type: "setQuantity",
      variantId: "b",
      quantity: 7.9,
    });
    expect(cart.map((line) => [line.variant.id, line.quantity])).toEqual([
      ["a", 1],
      ["b", 7],
      ["c", 3],
    ]);
  });

  it("counts the line of the variant being added against its stock, not whichever line comes first", () => {
    const cart = [item("b", 5), item("a", 1)];
    expect(stockProblem(cart, item("a", 1), 2)).toBeNull();
    expect(stockProblem(cart, item("a", 2), 2)).toBe("Not enough stock for Shilajit Starter Kit (Kit). Only 2 left.");
    expect(stockProblem([item("b", 1), item("a", 2)], item("a", 1), 2)).toBe(
      "Not enough stock for Shilajit Starter Kit (Kit). Only 2 left.",
    );
  });

  it("replaces every line at once, as when another tab changed the stored cart", () => {
    const stored = [item("c", 4)];
    expect(cartReducer([item("a", 1), item("b", 2)], { type: "replace", items: stored })).toBe(stored);
  });
});

describe("unknown stock", () => {
  it("never refuses a tracked variant whose stock figure is unknown", () => {
    expect(stockProblem([item("a", 40)], item("a", 5), null)).toBeNull();
  });
});
