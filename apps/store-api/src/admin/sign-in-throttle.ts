import type { Database } from "../db/connection.ts";
import { databaseRequestLimit, type RequestLimit } from "../request-counters.ts";
import { normaliseEmail } from "./owners.ts";

/**
 * Sign-in attempts allowed per account and per client address in a fixed window, counted like every
 * other limit of the API (request-counters.ts). Each attempt is counted before its password is checked,
 * in one atomic statement, so a burst of parallel guesses gets no more checks than the limit, on one API
 * copy or several. A successful sign-in clears its account's count and takes its own attempt back from
 * the address's.
 */
export const signInLimits = {
  account: { attempts: 5, windowMs: 15 * 60_000 },
  address: { attempts: 20, windowMs: 15 * 60_000 },
} as const;

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Counts one sign-in attempt for the account and the address; refused when either is over its limit. */
  count(attempt: { email: string; address: string }): Promise<AttemptVerdict>;
  /** After a successful sign-in: the account starts afresh, and the address gets its attempt back. */
  succeeded(attempt: { email: string; address: string }): Promise<void>;
}

export function signInThrottle(db: Database, now: () => Date): SignInThrottle {
  const limit = (scope: keyof typeof signInLimits): RequestLimit =>
    databaseRequestLimit(db, {
      scope: `sign-in-${scope}`,
      max: signInLimits[scope].attempts,
      windowMs: signInLimits[scope].windowMs,
      now,
    });
  const account = limit("account");
  const address = limit("address");
  return {
    async count(attempt) {
      const waits = [await account.take(normaliseEmail(attempt.email)), await address.take(attempt.address)];
      const refused = waits.filter((wait): wait is number => wait !== null);
      return refused.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...refused) };
    },
    async succeeded(attempt) {
      await account.forget(normaliseEmail(attempt.email));
      await address.giveBack(attempt.address);
    },
  };
}
