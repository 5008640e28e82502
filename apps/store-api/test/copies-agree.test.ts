import { describe, expect, it } from "vitest";
import { changeTinPrice } from "./admin-helpers.ts";
import { postgresChangeFeed, type ChangeKind } from "../src/db/change-feed.ts";
import { createTestDatabase, databaseKinds, startApi } from "./harness.ts";

/**
 * Copies of the store API over one PostgreSQL database agree: a price changed through one copy drops the other
 * copies' cached catalogue through PostgreSQL's LISTEN/NOTIFY, long before their caches (a minute here) expire.
 */

const kinds = await databaseKinds();

/** The Travel Tin's price in rupees, as a copy's catalogue answers it (from its cache when it has one). */
async function tinPrice(storeUrl: string): Promise<number | undefined> {
  const response = await fetch(`${storeUrl}/products/prod_travel_tin`);
  const { product } = (await response.json()) as {
    product: { variants: { prices: { currency_code: string; amount: number }[] }[] };
  };
  return product.variants[0]?.prices.find((price) => price.currency_code.toUpperCase() === "NPR")?.amount;
}

describe.runIf(kinds.includes("postgres"))("copies of the store API over one PostgreSQL database", () => {
  it("drop their cached catalogue when another copy changes a price", async () => {
    const api = await startApi("postgres", { catalogCacheMs: 60_000, changeFeed: true });
    const copy = await api.startCopy();
    try {
      const before = await tinPrice(copy.storeUrl);
      expect(before).toBeGreaterThan(0);
      await changeTinPrice(api, 55_500);
      // The copy's own cache would keep the old price for a minute: only the notification explains the new one.
      await expect.poll(() => tinPrice(copy.storeUrl), { timeout: 10_000 }).toBe(55_500);
      // And the other way round: a change through the copy reaches the first API's cache.
      expect(await tinPrice(api.storeUrl)).toBe(55_500);
      await changeTinPrice({ ...api, baseUrl: copy.baseUrl, storeUrl: copy.storeUrl }, 66_600);
      await expect.poll(() => tinPrice(api.storeUrl), { timeout: 10_000 }).toBe(66_600);
    } finally {
      await copy.close();
      await api.close();
    }
  });

  it("keep their cached answer without the feed, which is what the feed is for", async () => {
    const api = await startApi("postgres", { catalogCacheMs: 60_000 });
    const copy = await api.startCopy();
    try {
      const before = await tinPrice(copy.storeUrl);
      await changeTinPrice(api, 44_400);
      expect(await tinPrice(api.storeUrl)).toBe(44_400);
      expect(await tinPrice(copy.storeUrl)).toBe(before);
    } finally {
      await copy.close();
      await api.close();
    }
  });

  it("send a burst of stock changes as one or two notices, and the owner's change after them", async () => {
    const database = await createTestDatabase("postgres", { migrate: false });
    const heard: ChangeKind[] = [];
    const warnings: string[] = [];
    const log = { warn: (_object: Record<string, unknown>, message: string) => warnings.push(message) };
    const listener = await postgresChangeFeed(database.url ?? "", (kind) => heard.push(kind), log);
    const sender = await postgresChangeFeed(database.url ?? "", () => undefined, log);
    try {
      for (let hold = 0; hold < 100; hold += 1) sender.announce("stock");
      sender.announce("catalog");
      await expect.poll(() => heard.at(-1)).toBe("catalog");
      // The first hold's notice went at once; the rest waited for it and went as one.
      expect(heard.filter((kind) => kind === "stock").length).toBeLessThanOrEqual(2);
      expect(heard.filter((kind) => kind === "catalog")).toHaveLength(1);
      expect(warnings).toEqual([]);
    } finally {
      await sender.close();
      await listener.close();
      await database.drop();
    }
  });
});
