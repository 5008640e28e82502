import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { markets, orderEvents, orderLines, orderRefunds, orders } from "../db/schema.ts";
import type { OrderRow } from "./place-order.ts";

/**
 * The reads behind the shopper's own order pages (the order page, its invoice, the success page's receipt):
 * each finds an order by the one key its page carries, and gathers what that page shows.
 */

export async function orderByNumber(db: Database, number: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  return order;
}

export async function orderByAccessToken(db: Database, token: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.accessToken, token)).limit(1);
  return order;
}

async function linesOf(db: Database, order: OrderRow) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
}

async function marketOf(db: Database, order: OrderRow) {
  const [market] = await db.select().from(markets).where(eq(markets.code, order.marketCode));
  return market;
}

/** What the printable invoice shows besides the order: its lines, currency, credit notes and market. */
export async function invoiceFacts(db: Database, order: OrderRow) {
  const [lines, currencies, creditNotes, market] = await Promise.all([
    linesOf(db, order),
    listCurrencies(db),
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.creditNoteNumber)),
    marketOf(db, order),
  ]);
  return { lines, currency: currencies.get(order.currencyCode), creditNotes, market };
}

/** What the order page shows besides the order: its lines, currency, latest shipment, refunds and market. */
export async function orderPageFacts(db: Database, order: OrderRow) {
  const [lines, currencies, [shipped], refunds, market] = await Promise.all([
    linesOf(db, order),
    listCurrencies(db),
    db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), inArray(orderEvents.type, ["shipped", "shipment_corrected"])))
      .orderBy(desc(orderEvents.id))
      .limit(1),
    db
      .select({ amount: orderRefunds.amount, status: orderRefunds.status, completedAt: orderRefunds.completedAt })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    marketOf(db, order),
  ]);
  const data = shipped?.data ?? {};
  const shipment =
    typeof data.carrier === "string" && typeof data.trackingNumber === "string"
      ? { carrier: data.carrier, trackingNumber: data.trackingNumber }
      : null;
  return { lines, currency: currencies.get(order.currencyCode), shipment, refunds, market };
}
