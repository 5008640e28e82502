import { formatMoney } from "@herbo/hosted-api";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../db/connection.ts";
import { checkoutSessions, currencies, orders } from "../db/schema.ts";

/**
 * Cash on delivery costs the shop nothing to order and a courier's trip to refuse, so it is bounded: an
 * order waits unconfirmed until the shop has called the shopper, one phone and one email may each have only
 * so many unconfirmed at once, one address ten times as many (shared carrier addresses), and one order has a
 * ceiling.
 */
export interface CashOnDeliveryLimits {
  /** Unconfirmed cash-on-delivery orders one address, phone or email may hold (COD_OPEN_LIMIT; 0: no limit). */
  openLimit: number;
  /** The largest cash-on-delivery order, minor units of its currency (COD_MAX_TOTAL; 0: no ceiling). */
  maxTotal: number;
}

/** Unconfirmed cash-on-delivery orders already held by the same address, phone and email. */
export interface OpenCounts {
  address: number;
  phone: number;
  email: number;
}

/**
 * How many times one person's limit a whole address may hold. Thousands of phones in Nepal share one carrier
 * address, so the address's bound is far above a person's (phone and email): it only caps what one script
 * can make the shop call about, and a shopper it refuses can still pay online.
 */
export const addressShareOfOpenLimit = 10;

/** Why a cash-on-delivery order is refused, in words for the shopper; undefined when it may be placed. */
export function cashOnDeliveryRefusal(
  order: { total: number; totalText: string; maxTotalText: string },
  open: OpenCounts,
  limits: CashOnDeliveryLimits,
): string | undefined {
  if (limits.maxTotal > 0 && order.total > limits.maxTotal) {
    return `Cash on delivery takes orders of up to ${order.maxTotalText}; this one is ${order.totalText}. Please pay online, or split the order.`;
  }
  if (limits.openLimit <= 0) return undefined;
  if (Math.max(open.phone, open.email) >= limits.openLimit) {
    return "You already have cash-on-delivery orders waiting for our call to confirm them. Please wait until we have called, or pay online.";
  }
  if (open.address >= limits.openLimit * addressShareOfOpenLimit) {
    return "Many cash-on-delivery orders from your internet connection are waiting for our call to confirm them. Please pay online, or try cash on delivery again later.";
  }
  return undefined;
}

/** An arbitrary constant naming the lock that makes cash-on-delivery orders count each other one at a time. */
const cashOnDeliveryLockKey = 7_240_132;

/**
 * Checks a cash-on-delivery order against the limits inside the transaction that would place it. A
 * transaction-scoped advisory lock makes parallel orders count each other (one at a time, for every API copy).
 */
export async function checkCashOnDelivery(
  tx: Transaction,
  order: { clientKey: string | null; phone: string; email: string; total: number; currencyCode: string },
  limits: CashOnDeliveryLimits,
): Promise<string | undefined> {
  if (limits.openLimit <= 0 && limits.maxTotal <= 0) return undefined;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${cashOnDeliveryLockKey})`);
  const unconfirmed = and(eq(orders.paymentMethod, "cod"), eq(orders.fulfilmentStatus, "unconfirmed"));
  const count = async (condition: ReturnType<typeof sql>) => {
    const [row] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
      .where(and(unconfirmed, condition));
    return Number(row?.total ?? 0);
  };
  const open: OpenCounts = {
    address: order.clientKey === null ? 0 : await count(sql`${checkoutSessions.clientKey} = ${order.clientKey}`),
    phone: await count(sql`${orders.customer}->>'phone' = ${order.phone}`),
    email: await count(sql`lower(${orders.customer}->>'email') = ${order.email.toLowerCase()}`),
  };
  const [currency] = await tx.select().from(currencies).where(eq(currencies.code, order.currencyCode));
  const money = (amount: number) => formatMoney(amount, currency ?? { code: order.currencyCode });
  return cashOnDeliveryRefusal(
    { total: order.total, totalText: money(order.total), maxTotalText: money(limits.maxTotal) },
    open,
    limits,
  );
}
