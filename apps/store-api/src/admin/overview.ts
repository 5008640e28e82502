import type { AdminOverview, AdminPeriodFigures } from "@herbo/hosted-api/admin";
import { and, asc, count, eq, gte, notInArray, sql } from "drizzle-orm";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { orderLines, orders, paymentAttempts, products, reviews, variants } from "../db/schema.ts";
import { reminderFigures } from "../reminders/checkout-reminders.ts";
import { availableUnits, lowStockCondition, lowStockThreshold } from "../stock/low-stock.ts";
import { totalsByCurrency } from "../admin-money.ts";
import { cashToCollect } from "../orders/order-queries.ts";
import { overviewWarnings, type ShopSettingsSeen } from "./overview-warnings.ts";
import { addDays, dayOf, dayStart, shopTimeZone } from "../shop-time.ts";

type CurrencyMap = Awaited<ReturnType<typeof listCurrencies>>;

async function periodFigures(db: Database, since: Date, known: CurrencyMap): Promise<AdminPeriodFigures> {
  const rows = await db
    .select({
      currency: orders.currencyCode,
      // Refunds (returns) come off; cancelled orders do not count at all.
      amount: sql<number>`SUM(${orders.totalAmount} - ${orders.refundedAmount})::bigint`,
      orders: sql<number>`COUNT(*)::int`,
    })
    .from(orders)
    // Unconfirmed cash-on-delivery orders are not revenue until the shop has confirmed them.
    .where(and(gte(orders.createdAt, since), notInArray(orders.fulfilmentStatus, ["cancelled", "unconfirmed"])))
    .groupBy(orders.currencyCode)
    .orderBy(asc(orders.currencyCode));
  return {
    orders: rows.reduce((sum, row) => sum + Number(row.orders), 0),
    revenue: totalsByCurrency(
      rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
      known,
    ),
  };
}

/**
 * The owner's first screen: orders and revenue today and over the last 7 days (days as the shop counts
 * them, in Kathmandu; cancelled orders left out), cash on delivery still to collect, tracked variants
 * running low, and warnings (admin/overview-warnings.ts).
 */
export async function overview(db: Database, now: Date, settings: ShopSettingsSeen = {}): Promise<AdminOverview> {
  const today = dayOf(now, shopTimeZone);
  const known = await listCurrencies(db);
  const weekStart = dayStart(addDays(today, -6), shopTimeZone);
  const [warnings, todayFigures, weekFigures, cod, low, owedOrders, owedPayments, unconfirmed, reminders, waiting] =
    await Promise.all([
      overviewWarnings(db, now, known, settings),
      periodFigures(db, dayStart(today, shopTimeZone), known),
      periodFigures(db, weekStart, known),
      db
        .select({
          currency: orders.currencyCode,
          // As the courier will collect it: the total less units returned before payment, each at its share of
          // what its line was charged after its discount (see cashDue and returnedUnitsAmount).
          amount: sql<number>`SUM(${orders.totalAmount} - (SELECT COALESCE(SUM(((${orderLines.unitAmount} * ${orderLines.quantity} - ${orderLines.discountAmount}) * ${orderLines.returnedQuantity} + ${orderLines.quantity} / 2) / ${orderLines.quantity}), 0) FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id}))::bigint`,
          orders: sql<number>`COUNT(*)::int`,
        })
        .from(orders)
        .where(cashToCollect)
        .groupBy(orders.currencyCode)
        .orderBy(asc(orders.currencyCode)),
      db
        .select({
          id: variants.id,
          productTitle: products.title,
          variantTitle: variants.title,
          available: sql<number>`(${availableUnits})::int`,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(lowStockCondition())
        .orderBy(asc(availableUnits), asc(variants.id)),
      db.select({ total: count() }).from(orders).where(eq(orders.paymentStatus, "refund_due")),
      db.select({ total: count() }).from(paymentAttempts).where(eq(paymentAttempts.status, "refund_due")),
      db.select({ total: count() }).from(orders).where(eq(orders.fulfilmentStatus, "unconfirmed")),
      reminderFigures(db, weekStart),
      db.select({ total: count() }).from(reviews).where(eq(reviews.status, "pending")),
    ]);
  return {
    timeZone: shopTimeZone,
    warnings,
    today: todayFigures,
    last7Days: weekFigures,
    cashToCollect: {
      orders: cod.reduce((sum, row) => sum + Number(row.orders), 0),
      amounts: totalsByCurrency(
        cod.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
        known,
      ),
    },
    toConfirm: { orders: unconfirmed[0]?.total ?? 0 },
    reminders,
    reviewsWaiting: { reviews: waiting[0]?.total ?? 0 },
    refundsOwed: { orders: owedOrders[0]?.total ?? 0, payments: owedPayments[0]?.total ?? 0 },
    lowStock: {
      threshold: lowStockThreshold,
      variants: low.map((row) => ({ ...row, available: Number(row.available) })),
    },
  };
}
