import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { checkoutSessions, paymentAttempts, type CustomerDetails, type PaymentAttemptStatus } from "../db/schema.ts";
import { statusesBefore } from "../lifecycle/transitions.ts";
import { attemptLifecycle, openAttemptStatuses } from "../lifecycle/attempt-states.ts";
import type { StartedPayment } from "./provider.ts";

/**
 * Payment attempts in the database: recorded with the order they were started for, and moved only
 * through the lifecycle of attempt-states.ts (this is the only module that changes their status).
 */

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
type Writer = Pick<Database, "insert" | "update">;

/** The order a payment is for, fixed when it starts: what a capture becomes. */
export interface AttemptOrder {
  customer: CustomerDetails;
  /** Lines, minor units. */
  subtotalAmount: number;
  shippingAmount: number;
}

export interface NewAttempt {
  id: string;
  sessionId: string;
  provider: string;
  started: StartedPayment;
  order: AttemptOrder;
  now: Date;
  /** When reconciliation first asks the provider about it. */
  firstCheckAt: Date;
  /** Superseded when the checkout changed while the provider was starting it. */
  status: "pending" | "superseded";
}

/**
 * Records a payment attempt. One started at a provider extends its session's reservation to the
 * provider's expiry, so the shopper's items stay held while they pay there.
 */
export async function recordAttempt(tx: Writer, input: NewAttempt): Promise<PaymentAttemptRow> {
  const { started, now } = input;
  if (started.amount !== input.order.subtotalAmount + input.order.shippingAmount) {
    throw new Error("A payment attempt's amount must be its lines plus shipping");
  }
  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({
      id: input.id,
      sessionId: input.sessionId,
      provider: input.provider,
      reference: started.reference,
      amount: started.amount,
      currencyCode: started.currencyCode,
      providerAmount: started.providerAmount,
      customer: input.order.customer,
      subtotalAmount: input.order.subtotalAmount,
      shippingAmount: input.order.shippingAmount,
      status: input.status,
      redirectUrl: started.redirectUrl,
      expiresAt: started.expiresAt,
      checkAfter: input.firstCheckAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (attempt === undefined) throw new Error("Inserting the payment attempt returned no row");
  await tx
    .update(checkoutSessions)
    .set({ expiresAt: sql`greatest(${checkoutSessions.expiresAt}, ${started.expiresAt.toISOString()}::timestamptz)` })
    .where(and(eq(checkoutSessions.id, input.sessionId), eq(checkoutSessions.status, "open")));
  return attempt;
}

export async function findAttempt(db: Pick<Database, "select">, id: string): Promise<PaymentAttemptRow | undefined> {
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return attempt;
}

/** An attempt, its row locked until the transaction ends (settling it happens under this lock). */
export async function lockAttempt(tx: Transaction, id: string): Promise<PaymentAttemptRow | undefined> {
  const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for("update");
  return attempt;
}

export async function findAttemptByReference(
  db: Pick<Database, "select">,
  provider: string,
  reference: string,
): Promise<PaymentAttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)));
  return attempt;
}

/** A session's attempts a provider may still take money for (pending or superseded), oldest first. */
export async function openAttemptsOfSession(
  db: Pick<Database, "select">,
  sessionId: string,
): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.sessionId, sessionId), inArray(paymentAttempts.status, [...openAttemptStatuses])))
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
}

/**
 * Moves an attempt to `to`, from any status the lifecycle allows; false when it could not move (another
 * copy, the webhook or the return moved it first, or it is past that point).
 */
export async function moveAttempt(
  db: Pick<Database, "update">,
  id: string,
  to: PaymentAttemptStatus,
  changes: {
    lastError?: string | null;
    paymentReference?: string | null;
    refundReference?: string;
    refundNote?: string;
  },
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(paymentAttempts)
    .set({ status: to, updatedAt: now, ...changes })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, statusesBefore(attemptLifecycle, to))))
    .returning({ id: paymentAttempts.id });
  return updated.length > 0;
}

/** Asks again later about an attempt the provider has not decided (or a refund that did not go through). */
export async function postponeAttempt(
  db: Pick<Database, "update">,
  id: string,
  checkAfter: Date,
  now: Date,
  lastError?: string,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ checkAfter, updatedAt: now, ...(lastError === undefined ? {} : { lastError }) })
    .where(eq(paymentAttempts.id, id));
}

/**
 * Claims attempts that are due for a question to their provider: open ones (every open one when
 * `everyPending`, as after a restart) and captures owed back. Their next check moves past `leaseUntil` in
 * the same statement, so several API copies never work on one attempt at the same time.
 */
export async function claimDueAttempts(
  db: Database,
  options: { now: Date; leaseUntil: Date; limit: number; everyPending: boolean },
): Promise<PaymentAttemptRow[]> {
  const statuses: PaymentAttemptStatus[] = [...openAttemptStatuses, "refund_due"];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(
        options.everyPending
          ? inArray(paymentAttempts.status, statuses)
          : and(inArray(paymentAttempts.status, statuses), lte(paymentAttempts.checkAfter, options.now)),
      )
      .orderBy(asc(paymentAttempts.checkAfter))
      .limit(options.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(paymentAttempts)
      .set({ checkAfter: options.leaseUntil })
      .where(
        inArray(
          paymentAttempts.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}
