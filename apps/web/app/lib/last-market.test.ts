import { marketByCode } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { lastMarketStorageKey, parseLastMarket, readLastMarket, writeLastMarket } from "./last-market";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("the market a shopper last shopped in", () => {
  it("is read back as the shop wrote it", () => {
    const storage = memoryStorage();
    writeLastMarket(storage, marketByCode("ae"));
    expect(storage.values.get(lastMarketStorageKey)).toBe("ae");
    expect(readLastMarket(storage)).toBe(marketByCode("ae"));
    writeLastMarket(storage, marketByCode("np"));
    expect(readLastMarket(storage)?.code).toBe("np");
  });

  it("is none for a new visitor or a value the shop did not write", () => {
    expect(readLastMarket(memoryStorage())).toBeNull();
    expect(readLastMarket(undefined)).toBeNull();
    for (const raw of ["", "AE", "xx", "eu", '"ae"', "ae ", "__proto__", "constructor"]) {
      expect(parseLastMarket(raw), raw).toBeNull();
    }
  });

  it("is none, and breaks nothing, when storage throws", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(readLastMarket(blocked)).toBeNull();
    expect(() => writeLastMarket(blocked, marketByCode("uk"))).not.toThrow();
  });
});
