import { cartTokenPattern } from "@herbo/hosted-api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A fresh module for every test: the page's token of one test must not leak into the next.
const load = () => import("./cart-token");
let tokens: Awaited<ReturnType<typeof load>>;

beforeEach(async () => {
  vi.resetModules();
  tokens = await load();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const key = "e-commerce-cart-token";
const storedToken = "Stored_token-0123456789";

function memoryStorage(entries: Record<string, string> = {}) {
  const memory = new Map(Object.entries(entries));
  const setItem = vi.fn((name: string, value: string) => void memory.set(name, value));
  return { memory, setItem, storage: { getItem: (name: string) => memory.get(name) ?? null, setItem } };
}

const throwing = {
  getItem: (): string | null => {
    throw new Error("denied");
  },
  setItem: (): void => {
    throw new Error("denied");
  },
};

describe("a new cart token", () => {
  it("is 16 random bytes as base64url without padding", () => {
    // Bytes whose base64 holds '+', '/' and '==' padding: "+/+/" five times, then "AA==".
    const random = vi
      .spyOn(crypto, "getRandomValues")
      .mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
        if (array instanceof Uint8Array) array.set([...Array.from({ length: 5 }, () => [0xfb, 0xff, 0xbf]).flat(), 0]);
        return array;
      });
    expect(tokens.newCartToken()).toBe("-_-_-_-_-_-_-_-_-_-_AA");
    expect(random).toHaveBeenCalledOnce();
    expect(random.mock.calls[0]?.[0]).toHaveLength(16);
  });

  it("differs every time, and each one is 22 characters the contract accepts", () => {
    const made = Array.from({ length: 100 }, () => tokens.newCartToken());
    expect(new Set(made).size).toBe(100);
    for (const token of made) {
      expect(token).toHaveLength(22);
      expect(token).toMatch(cartTokenPattern);
    }
  });
});

describe("the browser's cart token", () => {
  it("is made and stored under its own key when storage holds none, leaving the cart's key alone", () => {
    const { memory, storage } = memoryStorage({ "e-commerce-cart": "[]" });
    const token = tokens.readCartToken(storage);
    expect(token).toMatch(cartTokenPattern);
    expect(Object.fromEntries(memory)).toEqual({ "e-commerce-cart": "[]", [key]: token });
    expect(tokens.readCartToken(storage)).toBe(token);
  });

  it.each([
    ["22", "a".repeat(22)],
    ["64", "Z".repeat(64)],
    ["mixed", storedToken],
  ])("reuses a stored token (%s characters) without writing", (_length, stored) => {
    const { memory, setItem, storage } = memoryStorage({ [key]: stored });
    expect(tokens.readCartToken(storage)).toBe(stored);
    expect(tokens.readCartToken(storage)).toBe(stored);
    expect(setItem).not.toHaveBeenCalled();
    expect(memory.get(key)).toBe(stored);
  });

  it.each([
    ["empty text", ""],
    ["junk", "not a token at all!"],
    ["JSON", JSON.stringify({ token: storedToken })],
    ["too short (21 characters)", "a".repeat(21)],
    ["too long (65 characters)", "a".repeat(65)],
    ["padded", `${"a".repeat(22)}==`],
    ["plain base64 ('+' and '/')", "ab+cd/efghijklmnopqrstuv"],
    ["spaces around a token", ` ${storedToken} `],
    ["letters beyond ASCII", "é".repeat(22)],
  ])("replaces a stored value that is %s with a new token", (_reason, junk) => {
    const { memory, storage } = memoryStorage({ [key]: junk });
    const token = tokens.readCartToken(storage);
    expect(token).not.toBe(junk);
    expect(token).toMatch(cartTokenPattern);
    expect(memory.get(key)).toBe(token);
    expect(tokens.readCartToken(storage)).toBe(token);
  });

  it("replaces a stored value that is not text, even one that reads as a token", () => {
    const { setItem } = memoryStorage();
    const token = tokens.readCartToken({ getItem: () => ({ toString: () => storedToken }) as never, setItem });
    expect(token).not.toBe(storedToken);
    expect(token).toMatch(cartTokenPattern);
    expect(setItem).toHaveBeenCalledWith(key, token);
  });

  it("follows a token another tab stored", () => {
    const { memory, storage } = memoryStorage();
    const first = tokens.readCartToken(storage);
    memory.set(key, storedToken);
    expect(tokens.readCartToken(storage)).toBe(storedToken);
    expect(first).not.toBe(storedToken);
  });

  it("keeps one token for the page when storage throws on every read and write", () => {
    const token = tokens.readCartToken(throwing);
    expect(token).toMatch(cartTokenPattern);
    expect(tokens.readCartToken(throwing)).toBe(token);
  });

  it("keeps one token for the page when storage reads but cannot write", () => {
    const full = { getItem: () => null, setItem: vi.fn(throwing.setItem) };
    const token = tokens.readCartToken(full);
    expect(token).toMatch(cartTokenPattern);
    expect(tokens.readCartToken(full)).toBe(token);
    expect(full.setItem).toHaveBeenCalledWith(key, token);
  });

  it("keeps one token for the page without any storage at all", () => {
    const token = tokens.readCartToken(undefined);
    expect(token).toMatch(cartTokenPattern);
    expect(tokens.readCartToken(undefined)).toBe(token);
  });
});

describe("a new cart's token", () => {
  it("replaces the stored one, and is the one read from then on", () => {
    const { memory, storage } = memoryStorage({ [key]: storedToken });
    const renewed = tokens.renewCartToken(storage);
    expect(renewed).not.toBe(storedToken);
    expect(renewed).toMatch(cartTokenPattern);
    expect(memory.get(key)).toBe(renewed);
    expect(tokens.readCartToken(storage)).toBe(renewed);
  });

  it("replaces the page's token when storage cannot keep one", () => {
    for (const storage of [throwing, undefined]) {
      const before = tokens.readCartToken(storage);
      const renewed = tokens.renewCartToken(storage);
      expect(renewed).not.toBe(before);
      expect(renewed).toMatch(cartTokenPattern);
      expect(tokens.readCartToken(storage)).toBe(renewed);
    }
  });
});
