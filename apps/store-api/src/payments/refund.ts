import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/connection.ts";
import { currencies, orderEvents, orders } from "../db/schema.ts";
import type { RefundState } from "../email/outbox-data.ts";
import type { OrderRow } from "../orders/place-order.ts";
import type { PaymentProvider } from "./provider.ts";

export interface RefundServices {
  db: Database;
  now: () => Date;
  providers: ReadonlyMap<string, PaymentProvider>;
  log: FastifyBaseLogger;
}

export interface RefundOutcome {
  /** What the cancellation email tells the shopper: nothing to refund, a refund to make by hand, or refunded. */
  refund: RefundState;
  /** Why a refund through the provider was not made, for the owner. */
  reason?: string;
}

/**
 * Gives back the money of a paid order through the provider that took it; the back office's cancel
 * calls this (outside its own transaction: it talks to the provider) and words its email with the
 * answer. A refunded order's payment status becomes `refunded` and its history records a `refunded`
 * event with who asked, in one transaction. Idempotent: the provider gets the same idempotency key for
 * an order, and a refunded order answers `refunded` again without asking. A provider without refunds
 * (sandbox, eSewa), or one that refuses, leaves `to_make` for the owner, with a `refund_failed` event
 * saying why when the provider refused.
 */
export async function refundOrderPayment(
  services: RefundServices,
  order: OrderRow,
  actor: string,
): Promise<RefundOutcome> {
  const { db } = services;
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (current === undefined) throw new Error(`No order ${order.id}`);
  if (current.paymentStatus === "refunded") return { refund: "refunded" };
  if (current.paymentStatus !== "paid") return { refund: "none" };
  const provider = services.providers.get(current.paymentProvider);
  if (provider?.refundPayment === undefined || current.paymentReference === null) return { refund: "to_make" };
  const [currency] = await db.select().from(currencies).where(eq(currencies.code, current.currencyCode));
  let refundReference: string;
  try {
    ({ refundReference } = await provider.refundPayment({
      reference: current.paymentReference,
      amount: current.totalAmount,
      currencyCode: current.currencyCode,
      decimalDigits: currency?.decimalDigits ?? 2,
      idempotencyKey: `refund_${current.id}`,
    }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : "The provider refused the refund";
    services.log.warn({ order: current.number, provider: provider.id }, "a refund through the provider failed");
    await db.insert(orderEvents).values({
      orderId: current.id,
      at: services.now(),
      actor,
      type: "refund_failed",
      data: { provider: provider.id, reason },
    });
    return { refund: "to_make", reason };
  }
  const now = services.now();
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ paymentStatus: "refunded" })
      .where(and(eq(orders.id, current.id), eq(orders.paymentStatus, "paid")))
      .returning({ id: orders.id });
    if (updated === undefined) return;
    await tx.insert(orderEvents).values({
      orderId: current.id,
      at: now,
      actor,
      type: "refunded",
      data: { provider: provider.id, amount: current.totalAmount, refundReference },
    });
  });
  return { refund: "refunded" };
}
