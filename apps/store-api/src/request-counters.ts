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

/** One counted request: its number in the current window, and when that window ends. */
interface Counted {
  count: number;
  windowEndsAt: Date;
}

/**
 * The rows of one scope in `request_counters`, addressed by key hash: one atomic upsert counts a request,
 * so parallel requests cannot slip past a limit. Ended windows are deleted now and then.
 */
function counterRows(db: Database, scope: string, windowMs: number, now: () => Date) {
  let takesSinceCleanup = 0;
  const row = (keyHash: string) => and(eq(requestCounters.scope, scope), eq(requestCounters.keyHash, keyHash));
  return {
    async count(keyHash: string): Promise<Counted> {
      const at = now();
      const ends = new Date(at.getTime() + windowMs);
      const ended = sql`${requestCounters.windowEndsAt} <= ${at.toISOString()}::timestamptz`;
      const [counted] = await db
        .insert(requestCounters)
        .values({ scope, keyHash, count: 1, windowEndsAt: ends })
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
        await db.delete(requestCounters).where(lt(requestCounters.windowEndsAt, at));
      }
      return counted ?? { count: 1, windowEndsAt: ends };
    },
    async giveBack(keyHash: string): Promise<void> {
      await db
        .update(requestCounters)
        .set({ count: sql`GREATEST(${requestCounters.count} - 1, 0)` })
        .where(row(keyHash));
    },
    async forget(keyHash: string): Promise<void> {
      await db.delete(requestCounters).where(row(keyHash));
    },
    /** Every key that starts with `prefix` (a group of keys, see databaseGroupedLimit). */
    async forgetStartingWith(prefix: string): Promise<void> {
      await db
        .delete(requestCounters)
        .where(and(eq(requestCounters.scope, scope), sql`starts_with(${requestCounters.keyHash}, ${prefix})`));
    },
    /** Keeps the key's window open at least until `until`. */
    async extend(keyHash: string, until: Date): Promise<Date> {
      const [extended] = await db
        .update(requestCounters)
        .set({ windowEndsAt: sql`GREATEST(${requestCounters.windowEndsAt}, ${until.toISOString()}::timestamptz)` })
        .where(row(keyHash))
        .returning({ windowEndsAt: requestCounters.windowEndsAt });
      return extended?.windowEndsAt ?? until;
    },
  };
}

/** The stored key of a client: a hash, so no address or email is kept in the table. */
function keyHashOf(scope: string, client: string): string {
  return createHash("sha256").update(`${scope}\0${client}`).digest("base64url");
}

/**
 * Fixed windows kept in the database (one atomic upsert per request, so parallel requests cannot slip
 * past the limit), so that several API copies on one PostgreSQL database share each client's count. The
 * client (an address, a session id) is stored only as a hash.
 */
export function databaseRequestLimit(db: Database, options: RequestLimitOptions): RequestLimit {
  const rows = counterRows(db, options.scope, options.windowMs, options.now);
  const keyOf = (client: string) => keyHashOf(options.scope, client);
  return {
    giveBack: (client) => rows.giveBack(keyOf(client)),
    forget: (client) => rows.forget(keyOf(client)),
    async take(client) {
      const counted = await rows.count(keyOf(client));
      return counted.count <= options.max ? null : secondsUntil(counted.windowEndsAt, options.now());
    },
  };
}

/** Counts requests per pair (e.g. an account at one address); every pair of a group can be forgotten at once. */
export interface GroupedRequestLimit {
  /** Counts one request of the pair; answers the seconds to wait when it is over its limit, else null. */
  take(group: string, member: string): Promise<number | null>;
  /** Starts the pair afresh. */
  forget(group: string, member: string): Promise<void>;
  /** Starts every pair of the group afresh (an account at every address). */
  forgetGroup(group: string): Promise<void>;
}

/**
 * Like databaseRequestLimit, per pair; the stored key is the group's hash, a dot, and the pair's hash
 * (base64url has no dot), so the pairs of one group are found without storing the group itself.
 */
export function databaseGroupedLimit(db: Database, options: RequestLimitOptions): GroupedRequestLimit {
  const rows = counterRows(db, options.scope, options.windowMs, options.now);
  const groupPrefix = (group: string) => `${keyHashOf(options.scope, group)}.`;
  const keyOf = (group: string, member: string) =>
    `${groupPrefix(group)}${keyHashOf(options.scope, `${group}\0${member}`)}`;
  return {
    forget: (group, member) => rows.forget(keyOf(group, member)),
    forgetGroup: (group) => rows.forgetStartingWith(groupPrefix(group)),
    async take(group, member) {
      const counted = await rows.count(keyOf(group, member));
      return counted.count <= options.max ? null : secondsUntil(counted.windowEndsAt, options.now());
    },
  };
}

export interface CeilingOptions extends RequestLimitOptions {
  /** The longest lock; each trip remembered doubles the last one (windowMs, 2×, 4×…) up to this. */
  maxLockMs: number;
  /** How long trips are remembered: a ceiling that has not tripped for this long locks for windowMs again. */
  tripsRememberedMs: number;
}

export type CeilingVerdict =
  | { allowed: true }
  | {
      allowed: false;
      retryAfterSeconds: number;
      /** Set on the one request that tripped the ceiling: the lock it started, and how many trips are remembered. */
      trippedNow?: { lockMs: number; trip: number };
    };

/** A limit with backoff: over `max` in a window, the client is locked, longer each time it trips again. */
export interface Ceiling {
  take(client: string): Promise<CeilingVerdict>;
  giveBack(client: string): Promise<void>;
  /** Lifts the lock and forgets the trips. */
  forget(client: string): Promise<void>;
}

/**
 * A ceiling kept like every other limit: the request over the limit (exactly one, since the upsert is
 * atomic) counts a trip and keeps the window open for windowMs × 2^(trips − 1), at most maxLockMs; every
 * request during the lock is refused (and counted, so it cannot trip again before the lock ends).
 */
export function databaseCeiling(db: Database, options: CeilingOptions): Ceiling {
  const rows = counterRows(db, options.scope, options.windowMs, options.now);
  const tripScope = `${options.scope}-trips`;
  const trips = counterRows(db, tripScope, options.tripsRememberedMs, options.now);
  const keyOf = (client: string) => keyHashOf(options.scope, client);
  const tripKeyOf = (client: string) => keyHashOf(tripScope, client);
  return {
    giveBack: (client) => rows.giveBack(keyOf(client)),
    async forget(client) {
      await rows.forget(keyOf(client));
      await trips.forget(tripKeyOf(client));
    },
    async take(client) {
      const counted = await rows.count(keyOf(client));
      if (counted.count <= options.max) return { allowed: true };
      if (counted.count > options.max + 1) {
        return { allowed: false, retryAfterSeconds: secondsUntil(counted.windowEndsAt, options.now()) };
      }
      const trip = (await trips.count(tripKeyOf(client))).count;
      const lockMs = Math.min(options.windowMs * 2 ** Math.min(trip - 1, 30), options.maxLockMs);
      const locked = await rows.extend(keyOf(client), new Date(options.now().getTime() + lockMs));
      return {
        allowed: false,
        retryAfterSeconds: secondsUntil(locked, options.now()),
        trippedNow: { lockMs, trip },
      };
    },
  };
}
