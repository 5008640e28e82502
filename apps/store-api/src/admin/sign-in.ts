import { eq } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { owners } from "../db/schema.ts";
import { findOwnerByEmail } from "./owners.ts";
import {
  PasswordCheckGate,
  passwordChecksBusyRetryAfterSeconds,
  type PasswordCheckLimits,
} from "./password-check-gate.ts";
import { hashPassword, needsRehash, verifyPassword, type ScryptParameters } from "./passwords.ts";
import { createSession, deleteExpiredSessions } from "./owner-sessions.ts";
import { signInThrottle } from "./sign-in-throttle.ts";

export interface SignInOptions {
  db: Database;
  now: () => Date;
  passwordParameters?: ScryptParameters | undefined;
  passwordChecks: PasswordCheckLimits;
  /** Runs inside the gate just before each password check; tests hold checks there to fill the gate. */
  beforePasswordCheck?: (() => Promise<void>) | undefined;
}

export type SignInOutcome =
  | { kind: "signed_in"; owner: { id: string; email: string }; token: string }
  | { kind: "refused" }
  | { kind: "throttled"; retryAfterSeconds: number; accountLocked?: { lockMs: number; trip: number } }
  /** Too many password checks running and waiting in this process: nothing was counted or hashed. */
  | { kind: "busy"; retryAfterSeconds: number };

export type SignIn = (attempt: { email: string; password: string; address: string }) => Promise<SignInOutcome>;

/**
 * The back office's sign-in: through the process's password check gate, then counted by the throttle,
 * then one scrypt check (against a decoy hash for unknown emails, so they take as long), then a session.
 */
export function createSignIn(options: SignInOptions): SignIn {
  const { db } = options;
  const throttle = signInThrottle(db, options.now);
  const gate = new PasswordCheckGate(options.passwordChecks);
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword("not any owner's password", options.passwordParameters));

  const check = async (attempt: Parameters<SignIn>[0]): Promise<SignInOutcome> => {
    const verdict = await throttle.count(attempt);
    if (!verdict.allowed) return { kind: "throttled", ...verdict };
    const owner = await findOwnerByEmail(db, attempt.email);
    await options.beforePasswordCheck?.();
    const matches = await verifyPassword(attempt.password, owner?.passwordHash ?? (await decoyHash()));
    if (owner === undefined || !matches) return { kind: "refused" };
    await throttle.succeeded(attempt);
    if (needsRehash(owner.passwordHash, options.passwordParameters)) {
      const passwordHash = await hashPassword(attempt.password, options.passwordParameters);
      await db.update(owners).set({ passwordHash }).where(eq(owners.id, owner.id));
    }
    const now = options.now();
    await deleteExpiredSessions(db, now);
    const token = await createSession(db, owner.id, now);
    return { kind: "signed_in", owner: { id: owner.id, email: owner.email }, token };
  };

  return (attempt) =>
    gate.run(() => check(attempt)) ??
    Promise.resolve({ kind: "busy", retryAfterSeconds: passwordChecksBusyRetryAfterSeconds });
}
