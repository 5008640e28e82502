import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./connection.ts";
import { migratedPgliteDump } from "../../test/database-templates.ts";
import { drizzleClient, drizzleTextTypes, pgliteParsers, withoutInstanceParsers } from "./pglite-parsers.ts";
import { markets } from "./schema.ts";

const aTimestamp = "2026-12-07 05:48:23.236+00";

describe("the parsers PGlite is opened with", () => {
  it("keep exactly the types Drizzle reads as text as text", () => {
    expect(Object.keys(pgliteParsers()).map(Number).sort()).toEqual([...drizzleTextTypes].sort());
    for (const parse of Object.values(pgliteParsers())) expect(parse(aTimestamp, 0)).toBe(aTimestamp);
  });

  it("are the ones Drizzle names on every query, each keeping the text as it is", async () => {
    const seen: (QueryOptions | undefined)[] = [];
    const recorder = {
      query: (_query: string, _params?: unknown[], options?: QueryOptions): Promise<Results> => {
        seen.push(options);
        return Promise.resolve({ rows: [], fields: [], affectedRows: 0 });
      },
    };
    const db = drizzle(recorder as unknown as PGlite);
    await db.select().from(markets).where(eq(markets.code, "np"));
    await db.execute(sql`select 1`);
    expect(seen).toHaveLength(2);
    for (const options of seen) {
      const parsers = options?.parsers ?? {};
      // A Drizzle upgrade that asks for another type, or parses one of these differently, fails here.
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...drizzleTextTypes].sort());
      for (const parse of Object.values(parsers)) expect(parse(aTimestamp, 0)).toBe(aTimestamp);
      expect(withoutInstanceParsers(options)).toEqual({ rowMode: options?.rowMode });
    }
  });
});

describe("withoutInstanceParsers", () => {
  it("leaves out parsers PGlite already applies, and keeps the other options", () => {
    const keep = (value: string) => value;
    expect(withoutInstanceParsers({ rowMode: "array", parsers: { 1184: keep, 1082: keep } })).toEqual({
      rowMode: "array",
    });
    expect(withoutInstanceParsers(undefined)).toBeUndefined();
    const none = { rowMode: "object" as const };
    expect(withoutInstanceParsers(none)).toBe(none);
  });

  it("passes options naming any other type as they are", () => {
    const json = { parsers: { 1184: (value: string) => value, 114: (value: string) => JSON.parse(value) as unknown } };
    expect(withoutInstanceParsers(json)).toBe(json);
  });
});

describe("the client Drizzle is given", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // A copy of the run's migrated database: a new one would run initdb first (seconds of CPU).
    handle = await openDatabase({ kind: "pglite", dataDir: undefined, loadDataDir: await migratedPgliteDump() });
  });
  afterAll(async () => {
    await handle.close();
  });

  it("sends queries without the parsers, in transactions too, and reads timestamps as PGlite was opened to", async () => {
    const pglite = handle.pglite as PGlite;
    const sent: (QueryOptions | undefined)[] = [];
    const counting = {
      query: (query: string, params?: unknown[], options?: QueryOptions) => {
        sent.push(options);
        return pglite.query(query, params, options);
      },
      transaction: <Result>(callback: (transaction: Transaction) => Promise<Result>) =>
        pglite.transaction((transaction) =>
          callback({
            ...transaction,
            query: (query: string, params?: unknown[], options?: QueryOptions) => {
              sent.push(options);
              return transaction.query(query, params, options);
            },
          } as Transaction),
        ),
    } as unknown as PGlite;
    const db = drizzle(drizzleClient(counting));
    const moment = await db.execute<{ at: string }>(sql`select timestamptz '2026-12-07 05:48:23.236+00' as at`);
    expect(moment.rows[0]?.at).toBe(aTimestamp);
    const inside = await db.transaction(async (tx) => {
      const result = await tx.execute<{ at: string }>(sql`select now()::timestamptz as at`);
      return result.rows[0]?.at;
    });
    expect(typeof inside).toBe("string");
    expect(sent).toHaveLength(2);
    for (const options of sent) expect(options?.parsers).toBeUndefined();
  });

  it("is still PGlite to Drizzle and to its callers", async () => {
    const pglite = handle.pglite as PGlite;
    const client = drizzleClient(pglite);
    expect(client.closed).toBe(pglite.closed);
    expect(Object.getPrototypeOf(client)).toBe(Object.getPrototypeOf(pglite));
    // Its other methods run on PGlite itself, whose private fields a method called on the wrapper would miss.
    const [result] = await client.exec("select 1 as one");
    expect(result?.rows).toEqual([{ one: 1 }]);
  });
});
