import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { adminSessions, owners } from "../db/schema.ts";

/** A session ends after 12 hours without a request, and 7 days after sign-in whatever happens. */
export const sessionLifetime = { idleMs: 12 * 60 * 60_000, absoluteMs: 7 * 24 * 60 * 60_000 };
/** last_seen_at is written at most this often, so browsing the back office is not a write per request. */
const touchEveryMs = 60_000;

export interface SignedInOwner {
  id: string;
  email: string;
}

/** Only this hash is stored: the token itself exists in the owner's cookie and nowhere else. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session; returns the token for the cookie (32 random bytes, base64url). */
export async function createSession(db: Database, ownerId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(adminSessions).values({ tokenHash: tokenHash(token), ownerId, createdAt: now, lastSeenAt: now });
  return token;
}

/** The owner a token signs in, when its session exists and has not expired; keeps the session alive. */
export async function findSession(db: Database, token: string, now: Date): Promise<SignedInOwner | undefined> {
  const hash = tokenHash(token);
  const [row] = await db
    .select({ id: owners.id, email: owners.email, lastSeenAt: adminSessions.lastSeenAt })
    .from(adminSessions)
    .innerJoin(owners, eq(owners.id, adminSessions.ownerId))
    .where(
      and(
        eq(adminSessions.tokenHash, hash),
        gt(adminSessions.lastSeenAt, new Date(now.getTime() - sessionLifetime.idleMs)),
        gt(adminSessions.createdAt, new Date(now.getTime() - sessionLifetime.absoluteMs)),
      ),
    )
    .limit(1);
  if (row === undefined) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= touchEveryMs) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.tokenHash, hash));
  }
  return { id: row.id, email: row.email };
}

/** Signs out: the session row is deleted, so its cookie signs nobody in again, on any API copy. */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash(token)));
}

/** Deletes sessions past either limit (called at each sign-in; expired rows already sign nobody in). */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lte(adminSessions.lastSeenAt, new Date(now.getTime() - sessionLifetime.idleMs)),
        lte(adminSessions.createdAt, new Date(now.getTime() - sessionLifetime.absoluteMs)),
      ),
    );
}
