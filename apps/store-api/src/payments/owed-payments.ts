import type { AdminOwedPayment, AdminPaymentOpenWarning } from "@herbo/hosted-api/admin";
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { orders, paymentAttempts } from "../db/schema.ts";
import { openAttemptStatuses } from "../lifecycle/attempt-states.ts";
import type { PaymentProvider } from "./provider.ts";
import { adminMoney } from "../admin-money.ts";

/** Payments that took money but became no order, oldest first: what the shop owes back. */
export async function listOwedPayments(
  db: Database,
  providers: ReadonlyMap<string, PaymentProvider>,
): Promise<AdminOwedPayment[]> {
  const [rows, known] = await Promise.all([
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.status, "refund_due"))
      .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
    listCurrencies(db),
  ]);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    paymentReference: row.paymentReference,
    amount: adminMoney(row.amount, row.currencyCode, known),
    reason: row.lastError,
    customer: { name: row.customer.fullName, email: row.customer.email, phone: row.customer.phone },
    startedAt: row.createdAt.toISOString(),
    providerCanRefund: row.paymentReference !== null && providers.get(row.provider)?.refundPayment !== undefined,
  }));
}

/** A payment still open at its provider this long after the shopper was sent there deserves a look. */
export const providerPaymentOverdueMs = 30 * 60_000;
/** Overdue payments listed at most; the oldest first. */
const overduePaymentsShown = 10;

/** Payments open at a provider for longer than providerPaymentOverdueMs, oldest first, with their checkout's order if any. */
export async function overdueProviderPayments(
  db: Database,
  now: Date,
  known: Awaited<ReturnType<typeof listCurrencies>>,
): Promise<AdminPaymentOpenWarning[]> {
  const startedBefore = new Date(now.getTime() - providerPaymentOverdueMs);
  const rows = await db
    .select({
      provider: paymentAttempts.provider,
      checkoutId: paymentAttempts.sessionId,
      reference: paymentAttempts.reference,
      orderNumber: orders.number,
      amount: paymentAttempts.amount,
      currency: paymentAttempts.currencyCode,
      startedAt: paymentAttempts.createdAt,
    })
    .from(paymentAttempts)
    .leftJoin(orders, eq(orders.sessionId, paymentAttempts.sessionId))
    .where(and(inArray(paymentAttempts.status, [...openAttemptStatuses]), lt(paymentAttempts.createdAt, startedBefore)))
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id))
    .limit(overduePaymentsShown);
  return rows.map((row) => ({
    kind: "payment_open_too_long",
    provider: row.provider,
    checkoutId: row.checkoutId,
    reference: row.reference,
    orderNumber: row.orderNumber,
    amount: adminMoney(row.amount, row.currency, known),
    startedAt: row.startedAt.toISOString(),
  }));
}
