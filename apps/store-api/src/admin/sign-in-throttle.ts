import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { signInAttempts } from "../db/schema.ts";
import { normaliseEmail } from "./owners.ts";

/**
 * Sign-in attempts allowed per account and per client address in a fixed window. Each attempt is counted
 * before its password is checked, in one atomic statement, so a burst of parallel guesses gets no more
 * checks than the limit, on one API copy or several. A successful sign-in clears its account's count and
 * takes its own attempt back from the address's.
 */
export const signInLimits = {
  account: { attempts: 5, windowMs: 15 * 60_000 },
  address: { attempts: 20, windowMs: 15 * 60_000 },
} as const;

export type ThrottleScope = keyof typeof signInLimits;

function keyHash(scope: ThrottleScope, key: string): string {
  return createHash("sha256")
    .update(`${scope}:${scope === "account" ? normaliseEmail(key) : key}`)
    .digest("hex");
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

async function countAttempt(db: Database, scope: ThrottleScope, key: string, now: Date): Promise<AttemptVerdict> {
  const limit = signInLimits[scope];
  const windowOpenedAfter = new Date(now.getTime() - limit.windowMs);
  const expired = sql`${signInAttempts.windowStartedAt} <= ${windowOpenedAfter}`;
  const [row] = await db
    .insert(signInAttempts)
    .values({ scope, keyHash: keyHash(scope, key), attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: [signInAttempts.scope, signInAttempts.keyHash],
      set: {
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${signInAttempts.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now} ELSE ${signInAttempts.windowStartedAt} END`,
      },
    })
    .returning({ attempts: signInAttempts.attempts, windowStartedAt: signInAttempts.windowStartedAt });
  if (row === undefined || row.attempts <= limit.attempts) return { allowed: true };
  const reopensAt = row.windowStartedAt.getTime() + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)) };
}

/** Counts one sign-in attempt for the account and the address; refused when either is over its limit. */
export async function countSignInAttempt(
  db: Database,
  attempt: { email: string; address: string },
  now: Date,
): Promise<AttemptVerdict> {
  const account = await countAttempt(db, "account", attempt.email, now);
  const address = await countAttempt(db, "address", attempt.address, now);
  if (account.allowed && address.allowed) return { allowed: true };
  const waits = [account, address].map((verdict) => (verdict.allowed ? 0 : verdict.retryAfterSeconds));
  return { allowed: false, retryAfterSeconds: Math.max(...waits) };
}

/** After a successful sign-in: the account starts afresh, and the address gets its attempt back. */
export async function recordSuccessfulSignIn(db: Database, attempt: { email: string; address: string }): Promise<void> {
  await db
    .delete(signInAttempts)
    .where(and(eq(signInAttempts.scope, "account"), eq(signInAttempts.keyHash, keyHash("account", attempt.email))));
  await db
    .update(signInAttempts)
    .set({ attempts: sql`GREATEST(${signInAttempts.attempts} - 1, 0)` })
    .where(and(eq(signInAttempts.scope, "address"), eq(signInAttempts.keyHash, keyHash("address", attempt.address))));
}
