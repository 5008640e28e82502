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

describe("stored cart lines, field by field", () => {
  const npr = { code: "npr", symbol: "Rs", template: "Rs. $1", decimalDigits: 2 };
  const full = (id = "a") => ({
    product: { id: "p", title: "Resin", imageUrl: "https://api.test/a.svg" },
    variant: {
      id,
      title: "10 g",
      manageInventory: true,
      priceInCents: 120000,
      salePriceInCents: 99900,
      currency: npr,
    },
    quantity: 2,
  });
  const parse = (...lines: unknown[]) => parseStoredCart(JSON.stringify(lines));
  const withVariant = (changes: Record<string, unknown>) => ({
    ...full("bad"),
    variant: { ...full("bad").variant, ...changes },
  });
  const withProduct = (changes: Record<string, unknown>) => ({
    ...full("bad"),
    product: { ...full("bad").product, ...changes },
  });

  it("keeps the cart key SPEC §4 names", () => {
    expect(cartStorageKey).toBe("e-commerce-cart");
  });

  it("reads back sale prices and the currency as stored (sale prices through storage)", () => {
    expect(parse(full())).toEqual([full()]);
  });

  it("reads back zero-decimal currencies and lines without a sale price", () => {
    const yen = { code: "jpy", symbol: "¥", template: null, decimalDigits: 0 };
    const line = { ...full(), variant: { ...full().variant, salePriceInCents: null, currency: yen } };
    expect(parse(line)).toEqual([line]);
  });

  it("gives a line stored without a currency the euro fallback, and one without an image a null image", () => {
    const line = full();
    const { currency: _currency, ...variant } = line.variant;
    const { imageUrl: _imageUrl, ...product } = line.product;
    expect(parse({ ...line, product, variant })).toEqual([
      {
        ...line,
        product: { ...product, imageUrl: null },
        variant: { ...variant, currency: { code: "eur", symbol: null, template: null, decimalDigits: 2 } },
      },
    ]);
  });

  it("keeps texts of up to 500 characters and drops lines with longer ones", () => {
    expect(parse(withProduct({ title: "x".repeat(500) }))).toHaveLength(1);
    expect(parse(withProduct({ title: "x".repeat(501) }))).toEqual([]);
  });

  it.each([
    ["a product id that is not text", withProduct({ id: 7 })],
    ["no product title", withProduct({ title: undefined })],
    ["an image URL that is not text", withProduct({ imageUrl: 12 })],
    ["no variant id", withVariant({ id: undefined })],
    ["an empty variant id", withVariant({ id: "" })],
    ["no variant title", withVariant({ title: undefined })],
    ["no inventory flag", withVariant({ manageInventory: "yes" })],
    ["a negative sale price", withVariant({ salePriceInCents: -1 })],
    ["a fractional sale price", withVariant({ salePriceInCents: 10.5 })],
    ["a price over the limit", withVariant({ priceInCents: 1_000_000_001 })],
    ["a currency that is not an object", withVariant({ currency: "eur" })],
    ["a null currency", withVariant({ currency: null })],
    ["a currency without a code", withVariant({ currency: { ...npr, code: undefined } })],
    ["a currency symbol that is not text", withVariant({ currency: { ...npr, symbol: 1 } })],
    ["a currency template that is not text", withVariant({ currency: { ...npr, template: false } })],
    ["more than 4 currency decimals", withVariant({ currency: { ...npr, decimalDigits: 5 } })],
    ["an absurd quantity (over a million)", { ...full("bad"), quantity: 1_000_001 }],
  ])("drops a line with %s and keeps the rest", (_reason, bad) => {
    expect(parse(bad, full()).map((line) => line.variant.id)).toEqual(["a"]);
  });

  it("reads a stored cart of up to a million characters and ignores a longer one", () => {
    const json = JSON.stringify([full()]);
    expect(parseStoredCart(json.padEnd(1_000_000, " "))).toHaveLength(1);
    expect(parseStoredCart(json.padEnd(1_000_001, " "))).toEqual([]);
  });

  it("leaves storage alone when it already holds the same cart", () => {
    const writes: string[] = [];
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => {
        writes.push(value);
        memory.set(key, value);
      },
    };
    const cart = parse(full());
    writeCart(storage, cart);
    writeCart(storage, cart);
    expect(writes).toHaveLength(1);
    writeCart(storage, []);
    expect(writes).toEqual([JSON.stringify(cart), "[]"]);
  });

  it("works without any storage at all (server rendering)", () => {
    expect(readCart(undefined)).toEqual([]);
    expect(() => writeCart(undefined, [])).not.toThrow();
  });
});
