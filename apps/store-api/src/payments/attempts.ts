import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { checkoutSessions, paymentAttempts, type PaymentAttemptStatus } from "../db/schema.ts";
import type { StartedPayment } from "./provider.ts";

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/**
 * Records a payment started at a provider and extends the session's reservation to cover it, so the
 * shopper's items stay held while they pay there.
 */
export async function recordStartedPayment(
  db: Database,
  input: { id: string; sessionId: string; provider: string; started: StartedPayment; now: Date; firstCheckAt: Date },
): Promise<PaymentAttemptRow> {
  const { started, now } = input;
  return db.transaction(async (tx) => {
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
        status: "pending",
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
  });
}

export async function findAttempt(db: Database, id: string): Promise<PaymentAttemptRow | undefined> {
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return attempt;
}

export async function findAttemptByReference(
  db: Database,
  provider: string,
  reference: string,
): Promise<PaymentAttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)));
  return attempt;
}

export async function pendingAttemptsOfSession(db: Database, sessionId: string): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.sessionId, sessionId), eq(paymentAttempts.status, "pending")))
    .orderBy(asc(paymentAttempts.createdAt));
}

/**
 * Moves an attempt to its outcome; false when it had already moved (another copy, the webhook or the
 * return settled it first). Money that arrives after an attempt was given up (failed, abandoned) still
 * moves it to paid or unmatched, so it is never lost from sight.
 */
export async function closeAttempt(
  db: Database,
  id: string,
  status: Exclude<PaymentAttemptStatus, "pending">,
  lastError: string | null,
  now: Date,
): Promise<boolean> {
  const from: PaymentAttemptStatus[] =
    status === "paid"
      ? ["pending", "paid", "failed", "abandoned"]
      : status === "unmatched" || status === "refused"
        ? ["pending", "failed", "abandoned"]
        : ["pending"];
  const updated = await db
    .update(paymentAttempts)
    .set({ status, lastError, updatedAt: now })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, from)))
    .returning({ id: paymentAttempts.id });
  return updated.length > 0;
}

/** Asks again later about an attempt the provider has not decided. */
export async function postponeAttempt(db: Database, id: string, checkAfter: Date, now: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ checkAfter, updatedAt: now })
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, "pending")));
}

/**
 * Claims pending attempts that are due for a question to their provider (all pending ones when
 * `everyPending`), pushing their next check past `leaseUntil` in the same statement, so several API
 * copies never ask about one attempt at the same time.
 */
export async function claimDueAttempts(
  db: Database,
  options: { now: Date; leaseUntil: Date; limit: number; everyPending: boolean },
): Promise<PaymentAttemptRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(
        options.everyPending
          ? eq(paymentAttempts.status, "pending")
          : and(eq(paymentAttempts.status, "pending"), lte(paymentAttempts.checkAfter, options.now)),
      )
      .orderBy(asc(paymentAttempts.checkAfter))
      .limit(options.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(paymentAttempts)
      .set({ checkAfter: options.leaseUntil })
      .where(
        and(
          inArray(
            paymentAttempts.id,
            due.map((row) => row.id),
          ),
          eq(paymentAttempts.status, "pending"),
        ),
      )
      .returning();
  });
}
