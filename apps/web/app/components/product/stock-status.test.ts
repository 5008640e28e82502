import { describe, expect, it } from "vitest";
import { testVariant } from "~/lib/store-api/catalog-fixtures.testing";
import type { Variant } from "~/lib/store-api/types";
import { cardStockStatus, stockStatus } from "./stock-status";

const variant = (manageInventory: boolean, inventoryQuantity: number | null): Variant =>
  testVariant({ priceInCents: 100, manageInventory, inventoryQuantity });

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

  it("warns and disables when the quantity is over the stock", () => {
    expect(stockStatus({ purchasable: true }, variant(true, 3), 4)).toEqual({
      message: "Not enough stock. Only 3 left.",
      canAdd: false,
    });
  });

  it("says 'Sold out' and disables adding when a managed variant has none left", () => {
    expect(stockStatus({ purchasable: true }, variant(true, 0), 1)).toEqual({ message: "Sold out", canAdd: false });
  });

  it("says nothing about untracked stock", () => {
    expect(stockStatus({ purchasable: true }, variant(false, 0), 50)).toEqual({ message: null, canAdd: true });
  });
});

describe("detail stock message, edge cases", () => {
  it("says 'Currently unavailable' for a purchasable product with no variant to buy", () => {
    expect(stockStatus({ purchasable: true }, undefined, 1)).toEqual({
      message: "Currently unavailable",
      canAdd: false,
    });
  });

  it("says nothing and allows adding when a tracked variant's stock is unknown", () => {
    expect(stockStatus({ purchasable: true }, variant(true, null), 5)).toEqual({ message: null, canAdd: true });
  });
});

describe("card stock message", () => {
  it("disables the card's Add to Cart when the product is not purchasable or has no variant", () => {
    expect(cardStockStatus({ purchasable: false, variants: [variant(false, null)] })).toEqual({
      message: "Currently unavailable",
      canAdd: false,
    });
    // A product with nothing to buy is unavailable, not "Sold out" (every() of no variants is true).
    expect(cardStockStatus({ purchasable: true, variants: [] })).toEqual({
      message: "Currently unavailable",
      canAdd: false,
    });
  });

  it("says 'Sold out' when every variant's managed stock is gone", () => {
    expect(cardStockStatus({ purchasable: true, variants: [variant(true, 0)] })).toEqual({
      message: "Sold out",
      canAdd: false,
    });
    expect(cardStockStatus({ purchasable: true, variants: [variant(true, 0), variant(true, 0)] }).canAdd).toBe(false);
  });

  it("keeps the button when any variant can still be bought, or stock is untracked or unknown", () => {
    for (const variants of [[variant(true, 0), variant(true, 2)], [variant(false, 0)], [variant(true, null)]])
      expect(cardStockStatus({ purchasable: true, variants })).toEqual({ message: null, canAdd: true });
  });
});
