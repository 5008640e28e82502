import { randomBytes } from "node:crypto";
import { formatOrderNumber } from "@herbo/hosted-api";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import {
  orderEvents,
  orderLines,
  orderNumberCounter,
  orders,
  variants,
  type CustomerDetails,
  type PaymentStatus,
} from "../db/schema.ts";
import { enqueueEmail } from "../email/outbox-store.ts";
import { findMarketView, orderTaxOf } from "../markets/markets.ts";
import { buildOrderSnapshot } from "./build-snapshot.ts";

export type OrderRow = typeof orders.$inferSelect;

/** How an order is paid, as the provider reports it. */
export interface OrderPayment {
  method: "card" | "cod" | "wallet";
  /** The provider's name: "sandbox", "cod", "stripe", "khalti", … */
  provider: string;
  /** The provider as the shopper knows it ("Khalti"), for a wallet payment's wording. */
  providerName?: string;
  /** The provider's id for the money taken, when it gives one. */
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
}

/** What an order is made of: its checkout (closed as paid by the caller) and the payment that paid it. */
export interface OrderSource {
  session: {
    id: string;
    totalAmount: number;
    /** The discount code applied with the details, if any. */
    discountCode: string | null;
    marketCode: string;
    locale: string | null;
    timeZone: string | null;
  };
  lines: readonly {
    position: number;
    variantId: string;
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitAmount: number;
    discountAmount: number;
    offerLabel: string | null;
    codeDiscountAmount: number;
  }[];
  /** The payment attempt: the amount captured (or due, for cash on delivery) and the details it was for. */
  attempt: {
    id: string;
    amount: number;
    currencyCode: string;
    customer: CustomerDetails;
    subtotalAmount: number;
    shippingAmount: number;
  };
  payment: OrderPayment;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url")}`;
}

/**
 * Writes the order of a payment, inside the transaction that settles it (payments/settle.ts, its only
 * caller): the next number, the lines, the first events and the outbox rows of its emails. The order is
 * exactly what the payment was for: the attempt's details, shipping and amount, never the checkout's
 * present ones. Cash on delivery has nothing captured yet (payment status `cod_due`), and waits unconfirmed
 * (its stock held, not sold) until the shop has called the shopper.
 */
export async function placeOrder(tx: Transaction, source: OrderSource, options: PlaceOrderOptions): Promise<OrderRow> {
  const { now } = options;
  const { session, lines, attempt, payment } = source;
  if (
    attempt.subtotalAmount !== session.totalAmount ||
    attempt.amount !== attempt.subtotalAmount + attempt.shippingAmount
  ) {
    throw new Error(`Payment attempt ${attempt.id} does not add up to its checkout's lines`);
  }
  const customer = attempt.customer;
  if (payment.method === "cod" && customer.country !== "NP") {
    throw new Error("Cash on delivery reached placeOrder for an address outside Nepal");
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
  // The tax included, computed once per line and kept with the order, as it was when ordered.
  const market = await findMarketView(tx, session.marketCode);
  const tax = market === undefined ? null : orderTaxOf(market, lines, attempt.shippingAmount);
  const [order] = await tx
    .insert(orders)
    .values({
      id: newId("order"),
      number,
      accessToken: randomBytes(24).toString("base64url"),
      sessionId: session.id,
      createdAt: now,
      customer,
      currencyCode: attempt.currencyCode,
      subtotalAmount: attempt.subtotalAmount,
      discountAmount: lines.reduce((sum, line) => sum + line.discountAmount, 0),
      discountCode: session.discountCode,
      codeDiscountAmount: lines.reduce((sum, line) => sum + line.codeDiscountAmount, 0),
      shippingAmount: attempt.shippingAmount,
      totalAmount: attempt.amount,
      marketCode: session.marketCode,
      taxAmount: tax?.total ?? 0,
      shippingTaxAmount: tax?.shipping ?? 0,
      taxName: tax?.name ?? null,
      taxRateBasisPoints: tax?.rateBasisPoints ?? null,
      taxRegistration: tax?.registration ?? null,
      paymentMethod: payment.method,
      paymentProvider: payment.provider,
      paymentReference: payment.reference,
      paymentStatus,
      paymentAttemptId: attempt.id,
      capturedAmount: paymentStatus === "paid" ? attempt.amount : 0,
      // Cash on delivery waits for the shop's confirming call before it is packed.
      fulfilmentStatus: payment.method === "cod" ? "unconfirmed" : "unfulfilled",
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
    lines.map((line, index) => ({
      orderId: order.id,
      position: line.position,
      variantId: line.variantId,
      sku: skus.get(line.variantId) ?? null,
      productTitle: line.productTitle,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      discountAmount: line.discountAmount,
      offerLabel: line.offerLabel,
      codeDiscountAmount: line.codeDiscountAmount,
      taxAmount: tax?.lines[index] ?? 0,
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
      : {
          orderId: order.id,
          at: now,
          actor: "system",
          type: "cod_due",
          data: { amount: order.totalAmount, unconfirmed: true },
        },
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
  return order;
}

export async function findOrderBySession(
  db: Pick<Database, "select">,
  sessionId: string,
): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.sessionId, sessionId));
  return order;
}
