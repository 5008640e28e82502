import { and, asc, eq, lt } from "drizzle-orm";
import type { AdminOrderActionRequest } from "@herbo/hosted-api/admin";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { orderRefunds, orders, paymentAttempts, type RefundStatus } from "../db/schema.ts";
import { applyOrderAction, type OrderActionOutcome } from "../orders/order-actions.ts";
import { lockOrder } from "../orders/order-moves.ts";
import { finishRefund, type RefundServices } from "../orders/refunds.ts";

/**
 * Refunds on their way to a provider: the network call made outside any transaction, with the refund's
 * id as the provider's idempotency key, then finished by orders/refunds.ts in one transaction. The owner's
 * order actions end here too, since a cancel or a return may have written refunds to send.
 */

/**
 * Sends a requested refund to its provider (outside any transaction: it is a network call), then
 * finishes it with the answer. Safe to repeat: the provider gets the refund's id as its idempotency key,
 * and a refund no longer requested is left alone.
 */
export async function sendRefund(services: RefundServices, refundId: string): Promise<RefundStatus | undefined> {
  const { db, log } = services;
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (refund?.status !== "requested") return refund?.status;
  const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
  const provider = refund.provider === null ? undefined : services.providers.get(refund.provider);
  if (order === undefined) throw new Error(`Refund ${refund.id} has no order`);
  let answer: { providerReference?: string; lastError?: string };
  if (provider?.refundPayment === undefined || order.paymentReference === null) {
    answer = { lastError: "The payment's provider is no longer set up to refund" };
  } else {
    try {
      const attemptReference =
        order.paymentAttemptId === null ? null : await attemptReferenceOf(db, order.paymentAttemptId);
      const { refundReference } = await provider.refundPayment({
        reference: order.paymentReference,
        attemptReference,
        amount: refund.amount,
        currencyCode: refund.currencyCode,
        decimalDigits: (await listCurrencies(db)).get(refund.currencyCode)?.decimalDigits ?? 2,
        whole: refund.amount === order.capturedAmount && order.refundedAmount === 0,
        idempotencyKey: refund.id,
      });
      answer = { providerReference: refundReference };
    } catch (error) {
      answer = { lastError: error instanceof Error ? error.message.slice(0, 300) : "The provider refused the refund" };
      log.warn({ order: order.number, provider: refund.provider }, "a refund through the provider failed");
    }
  }
  const status = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, refund.orderId);
    const [current] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id)).for("update");
    if (locked === undefined || current?.status !== "requested") return current?.status;
    const to: RefundStatus = answer.providerReference === undefined ? "failed" : "succeeded";
    await finishRefund(tx, locked, current, to, answer, current.actor, services, services.now());
    return to;
  });
  services.onEmailQueued();
  return status;
}

/** The reference of the payment attempt that paid an order (a Khalti pidx): some providers look refunds up by it. */
async function attemptReferenceOf(db: Database, attemptId: string): Promise<string | null> {
  const [attempt] = await db
    .select({ reference: paymentAttempts.reference })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  return attempt?.reference ?? null;
}

/**
 * Sends refunds left requested for longer than `olderThanMs` (the process stopped between writing one
 * and the provider's answer): at start-up with 0, then by the reconciliation job.
 */
export async function resumeRefunds(services: RefundServices, olderThanMs: number): Promise<number> {
  const cutoff = new Date(services.now().getTime() - olderThanMs);
  const due = await services.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(eq(orderRefunds.status, "requested"), olderThanMs === 0 ? undefined : lt(orderRefunds.updatedAt, cutoff)),
    )
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(20);
  for (const { id } of due) {
    try {
      await sendRefund(services, id);
    } catch (error) {
      services.log.warn(
        { refund: id, err: { name: error instanceof Error ? error.name : "unknown" } },
        "could not resume a refund",
      );
    }
  }
  return due.length;
}

/**
 * The owner's action from start to end: applied in its transaction, then the refunds it wrote sent to
 * their providers (each finished in its own transaction; a crash in between is finished at the next start).
 */
export async function runOrderAction(
  services: RefundServices & { onStockChange: () => void },
  number: string,
  request: AdminOrderActionRequest,
  actor: string,
): Promise<OrderActionOutcome> {
  const outcome = await applyOrderAction(services.db, number, request, {
    actor,
    now: services.now(),
    providers: services.providers,
    shopName: services.shopName,
    publicUrl: services.publicUrl,
  });
  if (outcome.kind !== "applied") return outcome;
  if (outcome.stockChanged) services.onStockChange();
  if (outcome.emailQueued) services.onEmailQueued();
  for (const refundId of outcome.refundsToSend) await sendRefund(services, refundId);
  return outcome;
}
