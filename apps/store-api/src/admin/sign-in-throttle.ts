import type { Database } from "../db/connection.ts";
import { databaseCeiling, databaseGroupedLimit, databaseRequestLimit } from "../request-counters.ts";
import { normaliseEmail } from "./owners.ts";

/**
 * Sign-in attempts allowed, counted like every other limit of the API (request-counters.ts), each before
 * its password is checked, in one atomic statement, so a burst of parallel guesses gets no more checks
 * than the limit, on one API copy or several:
 * - per account at one address: guesses from one address never lock the owner out at another;
 * - per address, whichever accounts it tries;
 * - per account across every address, a ceiling far above any owner's typing: over it, the account is
 *   locked for an hour, then 2, 4… up to a day each time it trips again within a day
 *   (`npm run admin -- unlock --email …` lifts it).
 * An attempt refused by one limit is not counted by the ones after it, so one address's refused guesses
 * never bring the account nearer its ceiling.
 */
export const signInLimits = {
  accountAtAddress: { attempts: 5, windowMs: 15 * 60_000 },
  address: { attempts: 20, windowMs: 15 * 60_000 },
  account: { attempts: 100, windowMs: 60 * 60_000, maxLockMs: 24 * 60 * 60_000, tripsRememberedMs: 24 * 60 * 60_000 },
} as const;

export type AttemptVerdict =
  | { allowed: true }
  | {
      allowed: false;
      retryAfterSeconds: number;
      /** Set on the one attempt that took the account over its ceiling: how long it is now locked. */
      accountLocked?: { lockMs: number; trip: number };
    };

export interface SignInThrottle {
  /** Counts one sign-in attempt; refused when the account at this address, the address or the account is over its limit. */
  count(attempt: { email: string; address: string }): Promise<AttemptVerdict>;
  /** After a successful sign-in: the account starts afresh at this address, and gets its attempt back elsewhere. */
  succeeded(attempt: { email: string; address: string }): Promise<void>;
  /** Lifts every lock on the account: at each address and its ceiling (the owner's `unlock` command). */
  unlock(email: string): Promise<void>;
}

export function signInThrottle(db: Database, now: () => Date): SignInThrottle {
  const accountAtAddress = databaseGroupedLimit(db, {
    scope: "sign-in-account-address",
    max: signInLimits.accountAtAddress.attempts,
    windowMs: signInLimits.accountAtAddress.windowMs,
    now,
  });
  const address = databaseRequestLimit(db, {
    scope: "sign-in-address",
    max: signInLimits.address.attempts,
    windowMs: signInLimits.address.windowMs,
    now,
  });
  const account = databaseCeiling(db, {
    scope: "sign-in-account",
    max: signInLimits.account.attempts,
    windowMs: signInLimits.account.windowMs,
    maxLockMs: signInLimits.account.maxLockMs,
    tripsRememberedMs: signInLimits.account.tripsRememberedMs,
    now,
  });
  return {
    async count(attempt) {
      const email = normaliseEmail(attempt.email);
      const pairWait = await accountAtAddress.take(email, attempt.address);
      if (pairWait !== null) return { allowed: false, retryAfterSeconds: pairWait };
      const addressWait = await address.take(attempt.address);
      if (addressWait !== null) return { allowed: false, retryAfterSeconds: addressWait };
      const ceiling = await account.take(email);
      if (ceiling.allowed) return ceiling;
      return {
        allowed: false,
        retryAfterSeconds: ceiling.retryAfterSeconds,
        ...(ceiling.trippedNow === undefined ? {} : { accountLocked: ceiling.trippedNow }),
      };
    },
    async succeeded(attempt) {
      const email = normaliseEmail(attempt.email);
      await accountAtAddress.forget(email, attempt.address);
      await address.giveBack(attempt.address);
      await account.giveBack(email);
    },
    async unlock(email) {
      const normalised = normaliseEmail(email);
      await accountAtAddress.forgetGroup(normalised);
      await account.forget(normalised);
    },
  };
}
