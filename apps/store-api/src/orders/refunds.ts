import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../db/connection.ts";
import { creditNoteCounter, orderLines, orderRefunds, type RefundStatus } from "../db/schema.ts";
import { creditNoteOf, orderTaxRate } from "./credit-note.ts";
import type { RefundState } from "../email/outbox-data.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import type { RefundingProvider } from "./refund-request.ts";
import { assertMove, statusesBefore } from "../lifecycle/transitions.ts";
import { buildOrderSnapshot } from "./build-snapshot.ts";
import { moveOrder } from "./order-moves.ts";
import { isOutstandingRefund, paymentStatusOf, refundLifecycle } from "../lifecycle/order-states.ts";
import type { OrderRow } from "./place-order.ts";

/**
 * An order's refunds: written before any provider is asked (its id is the provider's idempotency key),
 * sent outside any transaction, and finished in one transaction with the order's money, history and the
 * shopper's email. The only module that changes a refund's status (order-states.ts `refundLifecycle`).
 */

export type RefundRow = typeof orderRefunds.$inferSelect;

export interface RefundServices {
  db: Database;
  now: () => Date;
  providers: ReadonlyMap<string, RefundingProvider>;
  log: FastifyBaseLogger;
  shopName: string;
  publicUrl: string;
  /** Asks the outbox worker to send what a committed change queued. */
  onEmailQueued: () => void;
}

export interface NewRefund {
  kind: "cancel" | "return";
  amount: number;
  actor: string;
  reason: string | null;
  /** For a return: the units that came back, as the shopper's email lists them. */
  lines: { productTitle: string; variantTitle: string; quantity: number }[] | null;
  /** The same units by order line, for the credit note. */
  returned: { position: number; quantity: number }[];
}

/** Whether the order's provider can send a refund itself (a refund API and the payment's reference). */
export function providerCanRefund(order: OrderRow, providers: ReadonlyMap<string, RefundingProvider>): boolean {
  return (
    order.paymentMethod !== "cod" &&
    order.paymentReference !== null &&
    providers.get(order.paymentProvider)?.refundPayment !== undefined
  );
}

/** Money the order may still give back: captured, less refunds made or owed. */
export async function refundableAmount(tx: Pick<Database, "select">, order: OrderRow): Promise<number> {
  const owed = await tx
    .select({ amount: orderRefunds.amount })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.status, ["requested", "failed", "to_make"])));
  return order.capturedAmount - order.refundedAmount - owed.reduce((sum, row) => sum + row.amount, 0);
}

/**
 * Writes a refund for a locked order inside the owner's action: requested when its provider will send
 * it (after this transaction commits, `sendRefund`), else to_make for the owner. A to_make refund
 * finishes its announcement now; a requested one once the provider has answered.
 */
export async function createRefund(
  tx: Transaction,
  order: OrderRow,
  refund: NewRefund,
  services: Pick<RefundServices, "providers" | "shopName" | "publicUrl">,
  now: Date,
): Promise<{ order: OrderRow; refund: RefundRow }> {
  const byProvider = providerCanRefund(order, services.providers);
  const creditNote = await issueCreditNote(tx, order, refund);
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      id: `rf_${randomBytes(18).toString("base64url")}`,
      ...creditNote,
      orderId: order.id,
      kind: refund.kind,
      amount: refund.amount,
      currencyCode: order.currencyCode,
      status: byProvider ? "requested" : "to_make",
      provider: byProvider ? order.paymentProvider : null,
      lines: refund.lines,
      reason: refund.reason,
      // A refund for the owner to make is told to the shopper now; a provider's once it has answered.
      announced: !byProvider,
      actor: refund.actor,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (row === undefined) throw new Error("Inserting the refund returned no row");
  const moved = await settleMoney(tx, order, refund.actor, now, {
    type: byProvider ? "refund_requested" : "refund_to_make",
    data: { refundId: row.id, amount: row.amount, provider: row.provider },
  });
  if (!byProvider) await announceRefund(tx, moved, row, "to_make", services, now);
  return { order: moved, refund: row };
}

/**
 * The refund's credit note, inside its transaction: the next number (the counter's row stays locked until
 * commit, so concurrent refunds get distinct numbers and a rolled-back one leaves no gap), its lines and tax.
 */
async function issueCreditNote(
  tx: Transaction,
  order: OrderRow,
  refund: NewRefund,
): Promise<Pick<RefundRow, "creditNoteNumber" | "creditLines" | "taxAmount">> {
  const [counter] = await tx
    .update(creditNoteCounter)
    .set({ next: sql`${creditNoteCounter.next} + 1` })
    .where(eq(creditNoteCounter.id, 1))
    .returning({ next: creditNoteCounter.next });
  if (counter === undefined) throw new Error("The credit note counter is missing");
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const earlier = await tx
    .select({ amount: orderRefunds.amount, taxAmount: orderRefunds.taxAmount })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id));
  const note = creditNoteOf({
    order: { ...order, taxRateBasisPoints: orderTaxRate(order) },
    lines,
    earlier,
    refund: { kind: refund.kind, amount: refund.amount, returned: refund.returned },
  });
  return { creditNoteNumber: counter.next - 1, creditLines: note.lines, taxAmount: note.taxAmount };
}

/**
 * Moves a refund of a locked order (requested → succeeded, failed or to_make; failed → requested; failed
 * or to_make → succeeded), then the order's money and payment status, its history, and the shopper's
 * email: the cancellation's or return's the first time the refund is settled, a "refund made" one when
 * a refund already announced is made.
 */
export async function finishRefund(
  tx: Transaction,
  order: OrderRow,
  refund: RefundRow,
  to: RefundStatus,
  details: { providerReference?: string; note?: string; lastError?: string },
  actor: string,
  services: Pick<RefundServices, "shopName" | "publicUrl">,
  now: Date,
): Promise<{ order: OrderRow; refund: RefundRow }> {
  assertMove("A refund", refundLifecycle, refund.status, to);
  const announcing = !refund.announced && to !== "requested";
  const [moved] = await tx
    .update(orderRefunds)
    .set({
      status: to,
      updatedAt: now,
      announced: refund.announced || announcing,
      ...(to === "succeeded" ? { completedAt: now } : {}),
      ...(details.providerReference === undefined ? {} : { providerReference: details.providerReference }),
      ...(details.note === undefined ? {} : { note: details.note }),
      lastError: details.lastError ?? null,
    })
    .where(and(eq(orderRefunds.id, refund.id), inArray(orderRefunds.status, statusesBefore(refundLifecycle, to))))
    .returning();
  if (moved === undefined) throw new Error(`Refund ${refund.id} changed under its order's lock`);
  const updated = await settleMoney(
    tx,
    order,
    actor,
    now,
    {
      type:
        to === "succeeded"
          ? "refunded"
          : to === "requested"
            ? "refund_retried"
            : to === "failed"
              ? "refund_failed"
              : "refund_to_make",
      data: {
        refundId: refund.id,
        amount: refund.amount,
        provider: refund.provider,
        ...(details.providerReference === undefined ? {} : { refundReference: details.providerReference }),
        ...(details.note === undefined ? {} : { note: details.note }),
        ...(details.lastError === undefined ? {} : { reason: details.lastError }),
      },
    },
    to === "succeeded" ? refund.amount : 0,
  );
  if (announcing) {
    await announceRefund(tx, updated, moved, to === "succeeded" ? "refunded" : "to_make", services, now);
  } else if (to === "succeeded") {
    const snapshot = await orderSnapshotFor(tx, updated, services);
    await enqueueEmail(
      tx,
      {
        kind: "order_refunded",
        recipient: snapshot.customer.email,
        orderId: order.id,
        data: { order: snapshot, refundAmount: refund.amount },
      },
      now,
    );
  }
  return { order: updated, refund: moved };
}

/** The order's refunded amount and payment status after a refund changed, with its history event. */
async function settleMoney(
  tx: Transaction,
  order: OrderRow,
  actor: string,
  now: Date,
  event: { type: string; data: Record<string, unknown> },
  refunded = 0,
): Promise<OrderRow> {
  const rows = await tx
    .select({ status: orderRefunds.status })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id));
  const refundedAmount = order.refundedAmount + refunded;
  const paymentStatus = paymentStatusOf({
    paymentMethod: order.paymentMethod,
    capturedAmount: order.capturedAmount,
    refundedAmount,
    refundOwed: rows.some((row) => isOutstandingRefund(row.status)),
  });
  return moveOrder(tx, order, { paymentStatus, refundedAmount }, { at: now, actor, ...event });
}

/** The cancellation's or the return's email, written when its refund first settles (or at once, with none). */
export async function announceRefund(
  tx: Transaction,
  order: OrderRow,
  refund: Pick<RefundRow, "kind" | "amount" | "lines">,
  state: RefundState,
  services: Pick<RefundServices, "shopName" | "publicUrl">,
  now: Date,
): Promise<void> {
  const snapshot = await orderSnapshotFor(tx, order, services);
  const recipient = snapshot.customer.email;
  if (refund.kind === "cancel") {
    await enqueueEmail(
      tx,
      {
        kind: "order_cancelled",
        recipient,
        orderId: order.id,
        data: { order: snapshot, refund: state, refundAmount: refund.amount },
      },
      now,
    );
  } else {
    await enqueueEmail(
      tx,
      {
        kind: "order_returned",
        recipient,
        orderId: order.id,
        data: { order: snapshot, lines: refund.lines ?? [], refund: state, refundAmount: refund.amount },
      },
      now,
    );
  }
}

/** An order as its emails show it now. */
export async function orderSnapshotFor(
  tx: Transaction,
  order: OrderRow,
  services: Pick<RefundServices, "shopName" | "publicUrl">,
) {
  if (order.customer === null) throw new Error(`Order ${order.number} has no customer to email`);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return buildOrderSnapshot(tx, { ...order, customer: order.customer }, lines, services);
}
