import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "./db/connection.ts";
import { requestCounters } from "./db/schema.ts";

/** Counts requests of one kind per client: at most `max` per window. */
export interface RequestLimit {
  /** Counts one request; answers the seconds to wait when the client is over its limit, else null. */
  take(client: string): Promise<number | null>;
  /** Takes one counted request back (a sign-in that succeeded does not count against its address). */
  giveBack(client: string): Promise<void>;
  /** Starts the client afresh. */
  forget(client: string): Promise<void>;
}

export interface RequestLimitOptions {
  /** What is counted, e.g. "checkout" or "payment-session"; each scope has its own windows. */
  scope: string;
  max: number;
  windowMs: number;
  now: () => Date;
}

/** Seconds until the window ends, at least 1, as `Retry-After` gives them. */
export function secondsUntil(windowEndsAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
}

/**
 * Fixed windows kept in the database (one atomic upsert per request, so parallel requests cannot slip
 * past the limit), so that several API copies on one PostgreSQL database share each client's count. The client (an address, a session id) is stored only
 * as a hash. Ended windows are deleted now and then.
 */
export function databaseRequestLimit(db: Database, options: RequestLimitOptions): RequestLimit {
  let takesSinceCleanup = 0;
  const keyHashOf = (client: string) => createHash("sha256").update(`${options.scope}\0${client}`).digest("base64url");
  const row = (client: string) =>
    and(eq(requestCounters.scope, options.scope), eq(requestCounters.keyHash, keyHashOf(client)));
  return {
    async giveBack(client) {
      await db
        .update(requestCounters)
        .set({ count: sql`GREATEST(${requestCounters.count} - 1, 0)` })
        .where(row(client));
    },
    async forget(client) {
      await db.delete(requestCounters).where(row(client));
    },
    async take(client) {
      const now = options.now();
      const ends = new Date(now.getTime() + options.windowMs);
      const keyHash = keyHashOf(client);
      const ended = sql`${requestCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
      const [counted] = await db
        .insert(requestCounters)
        .values({ scope: options.scope, keyHash, count: 1, windowEndsAt: ends })
        .onConflictDoUpdate({
          target: [requestCounters.scope, requestCounters.keyHash],
          set: {
            count: sql`CASE WHEN ${ended} THEN 1 ELSE ${requestCounters.count} + 1 END`,
            windowEndsAt: sql`CASE WHEN ${ended} THEN ${ends.toISOString()}::timestamptz ELSE ${requestCounters.windowEndsAt} END`,
          },
        })
        .returning({ count: requestCounters.count, windowEndsAt: requestCounters.windowEndsAt });
      takesSinceCleanup += 1;
      if (takesSinceCleanup >= 500) {
        takesSinceCleanup = 0;
        await db.delete(requestCounters).where(lt(requestCounters.windowEndsAt, now));
      }
      if (counted === undefined || counted.count <= options.max) return null;
      return secondsUntil(counted.windowEndsAt, now);
    },
  };
}
