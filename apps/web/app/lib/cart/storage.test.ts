import { describe, expect, it } from "vitest";
import { maxCheckoutLines, maxLineQuantity } from "@herbo/hosted-api";
import { cartStorageKey, parseStoredCart, readCart, writeCart } from "./storage";

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

  it("keeps at most as many lines as one checkout may hold, counting only good ones", () => {
    const stored = JSON.stringify(Array.from({ length: maxCheckoutLines + 50 }, (_, index) => line(`v${index}`)));
    expect(parseStoredCart(stored)).toHaveLength(maxCheckoutLines);
    const withBadFirst = JSON.stringify([
      null,
      "x",
      ...Array.from({ length: maxCheckoutLines }, (_, index) => line(`v${index}`)),
    ]);
    expect(parseStoredCart(withBadFirst)).toHaveLength(maxCheckoutLines);
  });

  it("lowers a stored quantity above the checkout's line limit to the limit", () => {
    const cart = parseStoredCart(
      JSON.stringify([line("a", maxLineQuantity + 1), line("b", maxLineQuantity), line("c", 5000)]),
    );
    expect(cart.map((item) => item.quantity)).toEqual([maxLineQuantity, maxLineQuantity, maxLineQuantity]);
  });

  it("drops a line whose stored quantity is absurd rather than keeping it", () => {
    expect(
      parseStoredCart(JSON.stringify([line("a", 10_000_001), line("b", 2)])).map((item) => item.variant.id),
    ).toEqual(["b"]);
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
