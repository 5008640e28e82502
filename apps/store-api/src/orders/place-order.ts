import { randomBytes } from "node:crypto";
import { formatOrderNumber } from "@herbo/hosted-api";
import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { findCheckoutSession, releaseExpiredSessions, type SessionRow } from "../checkout/service.ts";
import type { Database } from "../db/connection.ts";
import {
  checkoutLines,
  checkoutSessions,
  orderEvents,
  orderLines,
  orderNumberCounter,
  orders,
  variants,
  type PaymentStatus,
} from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import { buildOrderSnapshot } from "./build-snapshot.ts";

export type OrderRow = typeof orders.$inferSelect;

/** How an order is paid, as the payment step reports it. */
export interface OrderPayment {
  method: "card" | "cod" | "wallet";
  /** The provider's name: "sandbox", "cod", "stripe", "khalti", … */
  provider: string;
  /** The provider as the shopper knows it ("Khalti"), for a wallet payment's wording. */
  providerName?: string;
  /** The provider's id for the payment, when it gives one. */
  reference: string | null;
  cardLast4: string | null;
}

export interface PlaceOrderOptions {
  now: Date;
  /** Origin of this API, for the shopper's order page address in emails. */
  publicUrl: string;
  shopName: string;
  /** Where the new-order notice goes; none is written when unset. */
  shopEmail: string | undefined;
  /**
   * A provider confirmed the payment: place the order even when the hold's time is up, as long as the
   * session is still open (its stock is still reserved while a provider payment is pending).
   */
  providerConfirmed?: boolean;
}

export type PlaceOrderOutcome =
  | { kind: "placed"; order: OrderRow; session: SessionRow }
  | { kind: "already_placed"; order: OrderRow; session: SessionRow }
  | { kind: "details_missing"; session: SessionRow }
  | { kind: "closed"; session: SessionRow }
  | { kind: "unknown" };

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url")}`;
}

/**
 * Turns an open checkout session with its details into an order, in one transaction: the session is
 * closed, its reserved stock is sold, the order gets the next number, its lines, its first events and
 * the outbox rows of its emails. A second call for the same session changes nothing (`already_placed`).
 * Cash on delivery commits stock like a paid order and waits for its cash (payment status `cod_due`).
 */
export async function placeOrder(
  db: Database,
  sessionId: string,
  payment: OrderPayment,
  options: PlaceOrderOptions,
): Promise<PlaceOrderOutcome> {
  const { now } = options;
  const placed = await db.transaction(async (tx) => {
    const [session] = await tx
      .update(checkoutSessions)
      .set({ status: "paid", completedAt: now })
      .where(
        and(
          eq(checkoutSessions.id, sessionId),
          eq(checkoutSessions.status, "open"),
          options.providerConfirmed === true ? undefined : gt(checkoutSessions.expiresAt, now),
          isNotNull(checkoutSessions.customer),
          isNotNull(checkoutSessions.shippingAmount),
        ),
      )
      .returning();
    if (session === undefined || session.customer === null || session.shippingAmount === null) return undefined;
    const customer = session.customer;
    if (payment.method === "cod" && customer.country !== "NP") {
      throw new Error("Cash on delivery reached placeOrder for an address outside Nepal");
    }
    const lines = await tx
      .select()
      .from(checkoutLines)
      .where(eq(checkoutLines.sessionId, sessionId))
      .orderBy(asc(checkoutLines.position));
    // Sell what was reserved, in variant order so concurrent orders lock rows alike.
    for (const line of [...lines]
      .filter((line) => line.reserved)
      .sort((a, b) => (a.variantId < b.variantId ? -1 : 1))) {
      await tx
        .update(variants)
        .set({
          stockOnHand: sql`${variants.stockOnHand} - ${line.quantity}`,
          stockReserved: sql`${variants.stockReserved} - ${line.quantity}`,
          updatedAt: now,
        })
        .where(eq(variants.id, line.variantId));
    }
    // The counter row is locked until commit, so numbers are unique and have no gaps.
    const [counter] = await tx
      .update(orderNumberCounter)
      .set({ next: sql`${orderNumberCounter.next} + 1` })
      .where(eq(orderNumberCounter.id, 1))
      .returning({ next: orderNumberCounter.next });
    if (counter === undefined) throw new Error("The order number counter is missing");
    const number = formatOrderNumber(counter.next - 1);
    const paymentStatus: PaymentStatus = payment.method === "cod" ? "cod_due" : "paid";
    const subtotalAmount = session.totalAmount;
    const [order] = await tx
      .insert(orders)
      .values({
        id: newId("order"),
        number,
        accessToken: randomBytes(24).toString("base64url"),
        sessionId,
        createdAt: now,
        customer,
        currencyCode: session.currencyCode,
        subtotalAmount,
        shippingAmount: session.shippingAmount,
        totalAmount: subtotalAmount + session.shippingAmount,
        paymentMethod: payment.method,
        paymentProvider: payment.provider,
        paymentReference: payment.reference,
        paymentStatus,
        fulfilmentStatus: "unfulfilled",
        cardLast4: payment.cardLast4,
        paidAt: paymentStatus === "paid" ? now : null,
        locale: session.locale,
        timeZone: session.timeZone,
      })
      .returning();
    if (order === undefined) throw new Error("Inserting the order returned no row");
    const skus = new Map(
      (
        await tx
          .select({ id: variants.id, sku: variants.sku })
          .from(variants)
          .where(
            inArray(
              variants.id,
              lines.map((line) => line.variantId),
            ),
          )
      ).map((row) => [row.id, row.sku]),
    );
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        orderId: order.id,
        position: line.position,
        variantId: line.variantId,
        sku: skus.get(line.variantId) ?? null,
        productTitle: line.productTitle,
        variantTitle: line.variantTitle,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
      })),
    );
    await tx.insert(orderEvents).values([
      { orderId: order.id, at: now, actor: "shopper", type: "placed", data: { paymentMethod: payment.method } },
      paymentStatus === "paid"
        ? {
            orderId: order.id,
            at: now,
            actor: "system",
            type: "payment_received",
            data: { provider: payment.provider, amount: order.totalAmount, cardLast4: payment.cardLast4 },
          }
        : { orderId: order.id, at: now, actor: "system", type: "cod_due", data: { amount: order.totalAmount } },
    ]);
    const snapshot = await buildOrderSnapshot(tx, { ...order, customer }, lines, options);
    // The emails are written with the order: both commit, or neither (the worker sends them afterwards).
    await enqueueEmail(
      tx,
      { kind: "order_confirmation", recipient: customer.email, orderId: order.id, data: { order: snapshot } },
      now,
    );
    if (options.shopEmail !== undefined) {
      await enqueueEmail(
        tx,
        { kind: "new_order_notice", recipient: options.shopEmail, orderId: order.id, data: { order: snapshot } },
        now,
      );
    }
    return { order, session };
  });
  if (placed !== undefined) return { kind: "placed", ...placed };
  await releaseExpiredSessions(db, now);
  const current = await findCheckoutSession(db, sessionId);
  if (current === undefined) return { kind: "unknown" };
  const { session } = current;
  if (session.status === "paid") {
    const [order] = await db.select().from(orders).where(eq(orders.sessionId, sessionId));
    if (order !== undefined) return { kind: "already_placed", order, session };
  }
  if (session.status === "open" && session.customer === null) return { kind: "details_missing", session };
  return { kind: "closed", session };
}

export async function findOrderBySession(db: Database, sessionId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.sessionId, sessionId));
  return order;
}
