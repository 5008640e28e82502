import { and, asc, eq, lte } from "drizzle-orm";
import { stockLinesOfSession } from "../checkout/sessions.ts";
import type { Transaction } from "../db/connection.ts";
import { orders } from "../db/schema.ts";
import { applyStock, entriesOf } from "../stock/ledger.ts";
import { lockOrder, moveOrder } from "./order-moves.ts";
import type { OrderRow } from "./place-order.ts";
import { announceRefund, type RefundServices } from "./refunds.ts";

/**
 * Cash-on-delivery orders waiting for the shop's confirming call: their stock stays reserved (held, not
 * sold) until the owner confirms them, and goes back on sale when they are cancelled or never confirmed.
 */

/** Sells the stock an unconfirmed order holds (the owner confirmed it). */
export async function sellHeldStock(tx: Transaction, order: OrderRow, now: Date): Promise<boolean> {
  const lines = await stockLinesOfSession(tx, order.sessionId);
  await applyStock(tx, entriesOf("sell", lines), now);
  return lines.length > 0;
}

/** Lets go of the stock an unconfirmed order holds (cancelled, or never confirmed). */
export async function releaseHeldStock(
  tx: Transaction,
  order: OrderRow,
  now: Date,
): Promise<{ variantId: string; quantity: number }[]> {
  const lines = await stockLinesOfSession(tx, order.sessionId);
  await applyStock(tx, entriesOf("release", lines), now);
  return lines;
}

/**
 * Cancels cash-on-delivery orders left unconfirmed for longer than `maxAgeMs`: their stock goes back on sale
 * and the shopper is emailed. Returns how many; several API copies never cancel one twice (row locks).
 */
export async function expireUnconfirmedOrders(
  services: Pick<RefundServices, "db" | "shopName" | "publicUrl">,
  now: Date,
  maxAgeMs: number,
): Promise<number> {
  const due = await services.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.fulfilmentStatus, "unconfirmed"), lte(orders.createdAt, new Date(now.getTime() - maxAgeMs))))
    .orderBy(asc(orders.createdAt))
    .limit(50);
  let expired = 0;
  for (const { id } of due) {
    const done = await services.db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (order?.fulfilmentStatus !== "unconfirmed") return false;
      const released = await releaseHeldStock(tx, order, now);
      const hours = Math.round(maxAgeMs / 3_600_000);
      const cancelled = await moveOrder(
        tx,
        order,
        { fulfilmentStatus: "cancelled" },
        {
          at: now,
          actor: "system",
          type: "cancelled",
          data: { reason: `not confirmed within ${hours} hours`, released, amount: order.totalAmount },
        },
      );
      await announceRefund(tx, cancelled, { kind: "cancel", amount: 0, lines: null }, "none", services, now);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
