import { randomBytes } from "node:crypto";
import type { Database } from "../src/db/connection.ts";
import { sql } from "drizzle-orm";
import { currencies } from "../src/db/schema.ts";
import type { MailSettings } from "../src/email/compose.ts";
import { enqueueEmail } from "../src/email/outbox-store.ts";
import type { OutboxLog } from "../src/email/outbox-worker.ts";
import type { OrderSnapshot } from "../src/email/order-snapshot.ts";
import { sampleOrder } from "./email-fixtures.ts";

export const testMailSettings: MailSettings = {
  from: { name: "Herbo Shilajit", address: "orders@shop.example" },
  messageIdDomain: "shop.example",
  shopEmail: "owner@shop.example",
};

function id(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString("base64url")}`;
}

/**
 * An order as order placement leaves it (session, order row), written directly: the rows an outbox
 * email refers to. Returns the order id and its snapshot.
 */
export async function insertOrder(
  db: Database,
  now: Date,
  sequence: number,
): Promise<{ orderId: string; order: OrderSnapshot }> {
  await db
    .insert(currencies)
    .values({
      code: "NPR",
      name: "Nepalese rupee",
      namePlural: "Nepalese rupees",
      symbol: "Rs.",
      symbolNative: "रु",
      template: "Rs. $1",
      decimalDigits: 2,
    })
    .onConflictDoNothing();
  const order = sampleOrder({ number: `HS-${sequence}`, placedAt: now.toISOString() });
  const sessionId = id("cs");
  const at = now.toISOString();
  const expires = new Date(now.getTime() + 30 * 60_000).toISOString();
  // Only the columns every migration level since the outbox has, by name: a backup test writes these rows
  // into a database one migration behind this code, where columns added since do not exist yet.
  await db.execute(sql`INSERT INTO checkout_sessions
    (id, status, success_url, cancel_url, currency_code, total_amount, created_at, expires_at, completed_at, customer, shipping_amount)
    VALUES (${sessionId}, 'paid', 'http://shop.test/success', 'http://shop.test/store', 'NPR', ${order.subtotalAmount},
      ${at}::timestamptz, ${expires}::timestamptz, ${at}::timestamptz, ${JSON.stringify(order.customer)}::jsonb, ${order.shippingAmount})`);
  const orderId = id("order");
  await db.execute(sql`INSERT INTO orders
    (id, number, access_token, session_id, created_at, customer, currency_code, subtotal_amount, shipping_amount,
      total_amount, payment_method, payment_provider, payment_status, card_last4, paid_at)
    VALUES (${orderId}, ${order.number}, ${randomBytes(24).toString("base64url")}, ${sessionId}, ${at}::timestamptz,
      ${JSON.stringify(order.customer)}::jsonb, 'NPR', ${order.subtotalAmount}, ${order.shippingAmount},
      ${order.totalAmount}, ${order.paymentMethod}, 'sandbox', ${order.paymentStatus}, ${order.cardLast4}, ${at}::timestamptz)`);
  return { orderId, order };
}

/** `count` orders, each with its confirmation to the shopper; returns the outbox ids in order. */
export async function queueConfirmations(
  db: Database,
  now: Date,
  count: number,
  firstNumber = 1001,
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const { orderId, order } = await insertOrder(db, now, firstNumber + index);
    ids.push(
      await enqueueEmail(
        db,
        { kind: "order_confirmation", recipient: order.customer.email, orderId, data: { order } },
        now,
      ),
    );
  }
  return ids;
}

export interface LogLine {
  level: "info" | "warn" | "error";
  details: Record<string, unknown>;
  message: string;
}

/** A logger that keeps what it is told, to check what logs would contain. */
export function recordingLog(): { log: OutboxLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine["level"]) => (details: Record<string, unknown>, message: string) => {
    lines.push({ level, details, message });
  };
  return { log: { info: at("info"), warn: at("warn"), error: at("error") }, lines };
}

/** Polls until `check` holds, failing after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
