import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/connection.ts";
import { outbox } from "../db/schema.ts";
import { EmailDataError, parseOutboxEmail, type OutboxData, type OutboxKind } from "./outbox-data.ts";

/**
 * The outbox's state changes, each one SQL statement or transaction. A claim takes due rows with
 * FOR UPDATE SKIP LOCKED and leases them by moving next_attempt_at forward and counting the attempt;
 * every later change names the attempt it belongs to, so a copy whose lease ran out cannot overwrite
 * the outcome of the copy that took over.
 */

export type OutboxRow = typeof outbox.$inferSelect;

/** Claims up to `limit` due rows for `leaseMs`; another copy skips them, locked or leased. */
export async function claimDueEmails(db: Database, now: Date, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const order = new Map(due.map((row, index) => [row.id, index]));
    return claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  });
}

/** The claim this process holds on a row: the attempt number it set. */
function heldBy(claim: Pick<OutboxRow, "id" | "attempts">) {
  return and(eq(outbox.id, claim.id), eq(outbox.status, "pending"), eq(outbox.attempts, claim.attempts));
}

/** False when the claim was lost (its lease ran out and another copy took the row). */
export async function markSent(db: Database, claim: OutboxRow, now: Date): Promise<boolean> {
  const updated = await db
    .update(outbox)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(heldBy(claim))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

/** Records a failed attempt: back to pending at `retryAt`, or 'failed' for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Database,
  claim: OutboxRow,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(outbox)
    .set(
      retryAt === null
        ? { status: "failed", lastError: error, nextAttemptAt: now }
        : { lastError: error, nextAttemptAt: retryAt },
    )
    .where(heldBy(claim))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

/**
 * Makes every pending row due now, claimed or waiting for a retry. Only for a database no other copy can
 * use (embedded PGlite): there, any claim at start-up belongs to a process that died.
 */
export async function reclaimAll(db: Database, now: Date): Promise<number> {
  const updated = await db
    .update(outbox)
    .set({ nextAttemptAt: now })
    .where(and(eq(outbox.status, "pending"), gt(outbox.nextAttemptAt, now)))
    .returning({ id: outbox.id });
  return updated.length;
}

/** Gives back claimed rows not tried (the worker is stopping), due at once and without counting an attempt. */
export async function releaseClaims(db: Database, claims: OutboxRow[], now: Date): Promise<void> {
  for (const claim of claims) {
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: now })
      .where(heldBy(claim));
  }
}

function newMessageId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}

export interface NewEmail<K extends OutboxKind> {
  kind: K;
  recipient: string;
  orderId: string | null;
  data: OutboxData<K>;
}

/**
 * Writes an email to the outbox, to be sent by the worker once the surrounding transaction commits (pass
 * the transaction as `db`). Its data is checked against its kind first: a malformed email writes nothing.
 */
export async function enqueueEmail<K extends OutboxKind>(
  db: Pick<Database, "insert">,
  email: NewEmail<K>,
  now: Date,
): Promise<string> {
  if (!z.email().safeParse(email.recipient).success) throw new EmailDataError("The recipient is not an email address");
  const { data } = parseOutboxEmail(email.kind, email.data);
  const id = newMessageId();
  await db.insert(outbox).values({
    id,
    kind: email.kind,
    orderId: email.orderId,
    recipient: email.recipient,
    data,
    status: "pending",
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}

/**
 * Sends an email again (the back office's "resend"). A failed row goes back to pending with a fresh set
 * of attempts. A sent row stays as the record of what was sent, and a copy is queued: a new message with
 * its own Message-ID and file, which a mailbox that kept the first one will not discard as a duplicate.
 * Returns the id of the row now pending, or undefined when there is no such row or it is pending already.
 */
export async function resend(db: Database, id: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for("update");
    if (row === undefined || row.status === "pending") return undefined;
    if (row.status === "failed") {
      await tx
        .update(outbox)
        .set({ status: "pending", attempts: 0, nextAttemptAt: now, lastError: null })
        .where(eq(outbox.id, id));
      return id;
    }
    const copy = newMessageId();
    await tx.insert(outbox).values({
      id: copy,
      kind: row.kind,
      orderId: row.orderId,
      recipient: row.recipient,
      data: row.data,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
    return copy;
  });
}
