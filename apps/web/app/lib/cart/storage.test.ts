import { describe, expect, it } from "vitest";
import { cartStorageKey, maxCartLines, parseStoredCart, readCart, writeCart } from "./storage";

const line = (id: string, quantity = 1) => ({
  product: { id: "p", title: "Resin", imageUrl: null },
  variant: { id, title: "10 g", manageInventory: true, priceInCents: 120000, salePriceInCents: null },
  quantity,
});

describe("stored cart", () => {
  it("is empty when missing or unreadable", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart('{"items":[]}')).toEqual([]);
    expect(parseStoredCart("null")).toEqual([]);
  });

  it("drops malformed lines and keeps the good ones", () => {
    const stored = JSON.stringify([
      line("a", 2),
      { ...line("b"), quantity: -4 },
      { ...line("c"), quantity: 1.5 },
      { ...line("d"), variant: { ...line("d").variant, priceInCents: "free" } },
      "garbage",
      null,
      line("a", 7),
    ]);
    const cart = parseStoredCart(stored);
    expect(cart.map((item) => [item.variant.id, item.quantity])).toEqual([["a", 2]]);
    expect(cart[0]?.variant.currency.code).toBe("eur");
  });

  it("keeps at most the maximum number of lines", () => {
    const stored = JSON.stringify(Array.from({ length: maxCartLines + 50 }, (_, index) => line(`v${index}`)));
    expect(parseStoredCart(stored)).toHaveLength(maxCartLines);
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readCart(broken)).toEqual([]);
    expect(() => writeCart(broken, [])).not.toThrow();
  });

  it("round-trips through storage under the e-commerce cart key", () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
    };
    const cart = parseStoredCart(JSON.stringify([line("a", 3)]));
    writeCart(storage, cart);
    expect(memory.has(cartStorageKey)).toBe(true);
    expect(readCart(storage)).toEqual(cart);
  });
});
