import { and, eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { orderEvents, orders, type FulfilmentStatus, type PaymentStatus } from "../db/schema.ts";
import { assertMove } from "../lifecycle/transitions.ts";
import { fulfilmentLifecycle, orderPaymentLifecycle } from "../lifecycle/order-states.ts";
import type { OrderRow } from "./place-order.ts";

/**
 * The only module that changes an order's payment or fulfilment status (placing an order writes its
 * first one). Every move is checked against order-states.ts and written with its history event.
 */

export interface OrderEvent {
  at: Date;
  /** "shopper", "system", or the owner's email. */
  actor: string;
  type: string;
  data?: Record<string, unknown>;
}

/** An order by its number, its row locked until the transaction ends. */
export async function lockOrderByNumber(tx: Transaction, number: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
  return order;
}

export async function lockOrder(tx: Transaction, id: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return order;
}

export async function recordOrderEvent(
  tx: Pick<Database, "insert">,
  orderId: string,
  event: OrderEvent,
): Promise<void> {
  await tx
    .insert(orderEvents)
    .values({ orderId, at: event.at, actor: event.actor, type: event.type, data: event.data ?? {} });
}

/**
 * When the order was delivered, kept with every move into or out of "delivered": the review request is sent
 * some days after it, and only while the order stays delivered.
 */
function deliveryTime(
  from: FulfilmentStatus,
  to: FulfilmentStatus | undefined,
  at: Date,
): { deliveredAt: Date | null } | Record<string, never> {
  if (to === undefined || to === from) return {};
  if (to === "delivered") return { deliveredAt: at };
  return from === "delivered" ? { deliveredAt: null } : {};
}

export interface OrderChange {
  paymentStatus?: PaymentStatus;
  fulfilmentStatus?: FulfilmentStatus;
  capturedAmount?: number;
  refundedAmount?: number;
  paidAt?: Date | null;
}

/**
 * Changes a locked order and records the event: statuses only along their lifecycles (a move they do
 * not allow throws, and the transaction rolls back). A status that stays the same is no move.
 */
export async function moveOrder(
  tx: Transaction,
  order: OrderRow,
  change: OrderChange,
  event: OrderEvent,
): Promise<OrderRow> {
  if (change.paymentStatus !== undefined && change.paymentStatus !== order.paymentStatus) {
    assertMove("An order's payment", orderPaymentLifecycle, order.paymentStatus, change.paymentStatus);
  }
  if (change.fulfilmentStatus !== undefined && change.fulfilmentStatus !== order.fulfilmentStatus) {
    assertMove("An order's fulfilment", fulfilmentLifecycle, order.fulfilmentStatus, change.fulfilmentStatus);
  }
  if (Object.keys(change).length === 0) {
    await recordOrderEvent(tx, order.id, event);
    return order;
  }
  const [updated] = await tx
    .update(orders)
    .set({ ...change, ...deliveryTime(order.fulfilmentStatus, change.fulfilmentStatus, event.at) })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.paymentStatus, order.paymentStatus),
        eq(orders.fulfilmentStatus, order.fulfilmentStatus),
      ),
    )
    .returning();
  if (updated === undefined) throw new Error(`Order ${order.number} changed under its row lock`);
  await recordOrderEvent(tx, order.id, event);
  return updated;
}
