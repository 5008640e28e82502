import { describe, expect, it } from "vitest";
import type { Variant } from "~/lib/store-api/types";
import { stockStatus } from "./stock-status";

const variant = (manageInventory: boolean, inventoryQuantity: number | null): Variant => ({
  id: "v",
  title: "10 g",
  imageUrl: null,
  sku: null,
  priceInCents: 100,
  salePriceInCents: null,
  currency: { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 },
  manageInventory,
  inventoryQuantity,
  weight: null,
});

describe("detail stock message", () => {
  it("says 'Currently unavailable' and disables adding when the product is not purchasable", () => {
    expect(stockStatus({ purchasable: false }, variant(true, 10), 1)).toEqual({
      message: "Currently unavailable",
      canAdd: false,
    });
  });

  it("shows the stock when the quantity fits", () => {
    expect(stockStatus({ purchasable: true }, variant(true, 3), 3)).toEqual({ message: "3 in stock!", canAdd: true });
  });

  it("warns and disables when the quantity is over the stock, including a stock of zero", () => {
    expect(stockStatus({ purchasable: true }, variant(true, 3), 4)).toEqual({
      message: "Not enough stock. Only 3 left.",
      canAdd: false,
    });
    expect(stockStatus({ purchasable: true }, variant(true, 0), 1)).toEqual({
      message: "Not enough stock. Only 0 left.",
      canAdd: false,
    });
  });

  it("says nothing about untracked stock", () => {
    expect(stockStatus({ purchasable: true }, variant(false, 0), 50)).toEqual({ message: null, canAdd: true });
  });
});

describe("detail stock message, edge cases", () => {
  it("says 'Currently unavailable' for a purchasable product with no variant to buy", () => {
    expect(stockStatus({ purchasable: true }, undefined, 1)).toEqual({ message: "Currently unavailable", canAdd: false });
  });

  it("says nothing and allows adding when a tracked variant's stock is unknown", () => {
    expect(stockStatus({ purchasable: true }, variant(true, null), 5)).toEqual({ message: null, canAdd: true });
  });
});
