import type { AdminEmail, AdminEmailList, AdminEmailStatus, AdminEmailsFailingWarning } from "@herbo/hosted-api/admin";
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { orderEvents, orders, outbox } from "../db/schema.ts";
import { resend } from "./outbox-store.ts";

export const emailPageSize = 50;

/** How the back office names an outbox row's state: a pending row that was tried before is retrying. */
export function emailStatus(row: { status: string; attempts: number }): AdminEmailStatus {
  if (row.status === "sent") return "sent";
  if (row.status === "failed") return "failed";
  return row.attempts > 0 ? "retrying" : "queued";
}

function statusCondition(status: AdminEmailStatus): SQL {
  switch (status) {
    case "sent":
      return eq(outbox.status, "sent");
    case "failed":
      return eq(outbox.status, "failed");
    case "retrying":
      return sql`${outbox.status} = 'pending' AND ${outbox.attempts} > 0`;
    case "queued":
      return sql`${outbox.status} = 'pending' AND ${outbox.attempts} = 0`;
  }
}

/** The outbox, newest first, optionally only the emails in one state. */
export async function listEmails(
  db: Database,
  filters: { status?: AdminEmailStatus | undefined },
  page: number,
): Promise<AdminEmailList> {
  const where = filters.status === undefined ? undefined : statusCondition(filters.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ email: outbox, orderNumber: orders.number })
      .from(outbox)
      .leftJoin(orders, eq(orders.id, outbox.orderId))
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(emailPageSize)
      .offset((page - 1) * emailPageSize),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  return {
    emails: rows.map(({ email, orderNumber }): AdminEmail => ({
      id: email.id,
      kind: email.kind,
      recipient: email.recipient,
      orderNumber,
      status: emailStatus(email),
      attempts: email.attempts,
      lastError: email.lastError,
      createdAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
      nextAttemptAt: email.status === "pending" ? email.nextAttemptAt.toISOString() : null,
    })),
    total: counted?.total ?? 0,
    page,
    pageSize: emailPageSize,
  };
}

/** Emails given up on are reported for this long. */
export const givenUpEmailsWindowMs = 7 * 24 * 3_600_000;

/**
 * Emails whose latest attempt failed: pending ones tried before whose error is still recorded (waiting for
 * a retry), and failed ones given up within the window (a failed row's next_attempt_at is when it was given up).
 */
export async function failingEmails(db: Database, now: Date): Promise<AdminEmailsFailingWarning | undefined> {
  const since = new Date(now.getTime() - givenUpEmailsWindowMs);
  const [row] = await db
    .select({
      retrying: sql<number>`COUNT(*) FILTER (WHERE ${outbox.status} = 'pending')::int`,
      givenUp: sql<number>`COUNT(*) FILTER (WHERE ${outbox.status} = 'failed' AND ${outbox.nextAttemptAt} >= ${since.toISOString()}::timestamptz)::int`,
    })
    .from(outbox)
    .where(
      and(isNotNull(outbox.lastError), sql`${outbox.attempts} > 0`, inArray(outbox.status, ["pending", "failed"])),
    );
  const retrying = Number(row?.retrying ?? 0);
  const givenUp = Number(row?.givenUp ?? 0);
  return retrying + givenUp === 0 ? undefined : { kind: "emails_failing", retrying, givenUp };
}

export type OutboxRowSeen = typeof outbox.$inferSelect;

export async function outboxRowById(db: Database, id: string): Promise<OutboxRowSeen | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/**
 * Queues an email again for an owner, recording it in its order's history: refused when the email is
 * unknown or already waiting to be sent (checked again under the transaction, should two owners press at once).
 */
export async function resendOutboxRow(
  db: Database,
  id: string,
  now: Date,
  actor: string,
): Promise<
  | { kind: "not_found" }
  | { kind: "pending"; row: OutboxRowSeen }
  | { kind: "queued_meanwhile" }
  | { kind: "queued"; id: string }
> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, id));
    if (row === undefined) return { kind: "not_found" };
    if (row.status === "pending") return { kind: "pending", row };
    const queued = await resend(tx, row.id, now);
    if (queued === undefined) return { kind: "queued_meanwhile" };
    if (row.orderId !== null) {
      await tx.insert(orderEvents).values({
        orderId: row.orderId,
        at: now,
        actor,
        type: "email_resent",
        data: { kind: row.kind, recipient: row.recipient },
      });
    }
    return { kind: "queued", id: queued };
  });
}
