import { count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { orders, outbox, paymentAttempts, products, variants } from "../db/schema.ts";
import { openAttemptStatuses } from "../lifecycle/attempt-states.ts";
import { lowStockCondition } from "../stock/low-stock.ts";

/**
 * What the metrics read from the database on each scrape: figures that must hold right after a restart
 * and across API copies, so none is counted in memory. Labels are our own fixed names (providers,
 * statuses), never a shopper's data.
 */

/** The age in seconds of the oldest of some rows (0 when there is none), from its earliest time. */
function ageSeconds(oldest: Date | string | null | undefined, now: Date): number {
  if (oldest === null || oldest === undefined) return 0;
  return Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1_000);
}

/** Orders recorded, by the way they were paid (the PAYMENT_METHODS name: sandbox, cod, stripe, …). */
export async function ordersByPaymentMethod(db: Database): Promise<{ method: string; orders: number }[]> {
  const rows = await db
    .select({ method: orders.paymentProvider, orders: count() })
    .from(orders)
    .groupBy(orders.paymentProvider);
  return rows.map((row) => ({ method: row.method, orders: Number(row.orders) }));
}

/** Payment attempts at providers, by provider and status (their outcome so far). */
export async function paymentAttemptsByOutcome(
  db: Database,
): Promise<{ provider: string; status: string; attempts: number }[]> {
  const rows = await db
    .select({ provider: paymentAttempts.provider, status: paymentAttempts.status, attempts: count() })
    .from(paymentAttempts)
    .groupBy(paymentAttempts.provider, paymentAttempts.status);
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

/** Emails still to send (queued or waiting for a retry), and how long the oldest has waited. */
export async function outboxBacklog(db: Database, now: Date): Promise<{ unsent: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({ unsent: count(), oldest: sql<Date | string | null>`MIN(${outbox.createdAt})` })
    .from(outbox)
    .where(eq(outbox.status, "pending"));
  return { unsent: Number(row?.unsent ?? 0), oldestAgeSeconds: ageSeconds(row?.oldest, now) };
}

/** Payments open at a provider (awaiting its final answer), and how long ago the oldest was started. */
export async function openProviderPayments(
  db: Database,
  now: Date,
): Promise<{ open: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({ open: count(), oldest: sql<Date | string | null>`MIN(${paymentAttempts.createdAt})` })
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.status, [...openAttemptStatuses]));
  return { open: Number(row?.open ?? 0), oldestAgeSeconds: ageSeconds(row?.oldest, now) };
}

/** Variants low on stock by the back office's rule (stock/low-stock.ts). */
export async function lowStockVariants(db: Database): Promise<number> {
  const [row] = await db
    .select({ variants: count() })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(lowStockCondition());
  return Number(row?.variants ?? 0);
}
