import type { AdminOrderActionRequest } from "@herbo/hosted-api/admin";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import {
  checkoutLines,
  orderEvents,
  orderLines,
  orders,
  stockMovements,
  variants,
  type PaymentStatus,
} from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import type { RefundState } from "../email/outbox-data.ts";
import { buildOrderSnapshot } from "./build-snapshot.ts";
import { decideAction, orderStateMachine } from "./order-state-machine.ts";
import type { OrderRow } from "./place-order.ts";
import { refundOnCancel } from "./refund-on-cancel.ts";

export interface OrderActionContext {
  /** Who acts: the owner's email, written into the history. */
  actor: string;
  now: Date;
  shopName: string;
  publicUrl: string;
  /** Decides the refund of a cancelled order; the payment providers' refund replaces the default. */
  refund?: (order: OrderRow) => Promise<RefundState>;
}

export type OrderActionOutcome =
  | { kind: "applied"; order: OrderRow; stockChanged: boolean; emailQueued: boolean }
  | { kind: "unchanged"; order: OrderRow }
  | { kind: "refused"; order: OrderRow; message: string }
  | { kind: "not_found" };

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Applies one back-office action to an order, in one transaction that holds the order's row lock: two
 * owners acting at once are served one after the other, the second seeing what the first did. The state
 * change, its history event (with the owner and the time), stock returned by a cancellation and the email
 * to the shopper all commit together, or none does. Repeating a done action changes nothing.
 */
export async function applyOrderAction(
  db: Database,
  number: string,
  request: AdminOrderActionRequest,
  context: OrderActionContext,
): Promise<OrderActionOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
    if (order === undefined) return { kind: "not_found" };
    const decision = decideAction(request.action, order);
    if (decision.kind === "refuse") return { kind: "refused", order, message: decision.message };
    if (decision.kind === "repeat") {
      const conflict = request.action === "ship" ? await shipmentConflict(tx, order, request) : undefined;
      return conflict === undefined ? { kind: "unchanged", order } : { kind: "refused", order, message: conflict };
    }
    const { now, actor } = context;
    const rule = orderStateMachine[request.action];
    let paymentStatus: PaymentStatus = decision.next.paymentStatus;
    const data: Record<string, unknown> = {};
    let stockChanged = false;
    let email: { kind: "order_shipped" } | { kind: "order_cancelled"; refund: RefundState } | undefined;

    if (request.action === "ship") {
      Object.assign(data, {
        carrier: request.carrier,
        trackingNumber: request.trackingNumber,
        trackingUrl: request.trackingUrl ?? null,
      });
      email = { kind: "order_shipped" };
    } else if (request.action === "collect_cash") {
      data.amount = order.totalAmount;
    } else if (request.action === "cancel") {
      const refund = await (context.refund ?? refundOnCancel)(order);
      if (refund === "refunded") paymentStatus = "refunded";
      data.refund = refund;
      data.amount = order.totalAmount;
      if (request.reason !== undefined) data.reason = request.reason;
      data.restocked = await returnStock(tx, order, actor, now);
      stockChanged = (data.restocked as unknown[]).length > 0;
      email = { kind: "order_cancelled", refund };
    }

    const [updated] = await tx
      .update(orders)
      .set({
        fulfilmentStatus: decision.next.fulfilmentStatus,
        paymentStatus,
        ...(request.action === "collect_cash" ? { paidAt: now } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (updated === undefined) throw new Error(`Order ${number} vanished under its row lock`);
    await tx.insert(orderEvents).values({ orderId: order.id, at: now, actor, type: rule.event, data });

    let emailQueued = false;
    if (email !== undefined && updated.customer !== null) {
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.position));
      const snapshot = await buildOrderSnapshot(tx, { ...updated, customer: updated.customer }, lines, context);
      const recipient = updated.customer.email;
      if (email.kind === "order_shipped" && request.action === "ship") {
        await enqueueEmail(
          tx,
          {
            kind: "order_shipped",
            recipient,
            orderId: order.id,
            data: {
              order: snapshot,
              carrier: request.carrier,
              trackingNumber: request.trackingNumber,
              trackingUrl: request.trackingUrl ?? null,
            },
          },
          now,
        );
      } else if (email.kind === "order_cancelled") {
        await enqueueEmail(
          tx,
          { kind: "order_cancelled", recipient, orderId: order.id, data: { order: snapshot, refund: email.refund } },
          now,
        );
      }
      emailQueued = true;
    }
    return { kind: "applied", order: updated, stockChanged, emailQueued };
  });
}

/** A repeated "shipped" with other carrier or tracking details is not a repeat: say what was recorded. */
async function shipmentConflict(
  tx: Transaction,
  order: OrderRow,
  request: Extract<AdminOrderActionRequest, { action: "ship" }>,
): Promise<string | undefined> {
  const [shipped] = await tx
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "shipped")))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const recorded = shipped?.data ?? {};
  const same =
    recorded.carrier === request.carrier &&
    recorded.trackingNumber === request.trackingNumber &&
    (recorded.trackingUrl ?? null) === (request.trackingUrl ?? null);
  return same
    ? undefined
    : `Cannot mark the order shipped again: it was shipped with ${String(recorded.carrier)}, tracking number ${String(recorded.trackingNumber)}.`;
}

/**
 * Puts a cancelled order's units back on hand: the lines whose stock the checkout reserved and the order
 * sold, in variant order (as checkouts lock them), each with a stock-history row.
 */
async function returnStock(
  tx: Transaction,
  order: OrderRow,
  actor: string,
  now: Date,
): Promise<{ variantId: string; quantity: number }[]> {
  const lines = await tx
    .select({ variantId: checkoutLines.variantId, quantity: checkoutLines.quantity })
    .from(checkoutLines)
    .where(and(eq(checkoutLines.sessionId, order.sessionId), eq(checkoutLines.reserved, true)));
  const byVariant = new Map<string, number>();
  for (const line of lines) byVariant.set(line.variantId, (byVariant.get(line.variantId) ?? 0) + line.quantity);
  const returned = [...byVariant]
    .sort(([left], [right]) => (left < right ? -1 : 1))
    .map(([variantId, quantity]) => ({ variantId, quantity }));
  const restocked: { variantId: string; quantity: number }[] = [];
  for (const { variantId, quantity } of returned) {
    const [row] = await tx
      .update(variants)
      .set({ stockOnHand: sql`${variants.stockOnHand} + ${quantity}`, updatedAt: now })
      .where(eq(variants.id, variantId))
      .returning({ onHand: variants.stockOnHand });
    if (row === undefined) continue;
    await tx.insert(stockMovements).values({
      variantId,
      at: now,
      actor,
      change: quantity,
      onHandAfter: row.onHand,
      reason: `Order ${order.number} cancelled`,
      orderId: order.id,
    });
    restocked.push({ variantId, quantity });
  }
  return restocked;
}
