import { and, asc, count, gte, inArray, lt } from "drizzle-orm";
import { listCurrencies } from "../catalog/repository.ts";
import { addressLines } from "../checkout/details/index.ts";
import type { Database } from "../db/connection.ts";
import { orderLines, orders } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { dayRange } from "../shop-time.ts";
import { orderConditions } from "./order-queries.ts";
import { exportMaxOrders, ordersCsv, tooManyOrdersMessage } from "./orders-csv.ts";

/**
 * The orders placed on the shop's days from `from` to `to` (inclusive) as the back office's CSV file;
 * refused (400) past exportMaxOrders, so one download cannot hold the server.
 */
export async function exportOrdersCsv(db: Database, from: string, to: string): Promise<string> {
  const range = dayRange(from, to);
  const where = and(orderConditions({}), gte(orders.createdAt, range.start), lt(orders.createdAt, range.end));
  const [[counted], known] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    listCurrencies(db),
  ]);
  const total = counted?.total ?? 0;
  if (total > exportMaxOrders) throw new ApiError(400, "invalid_request", tooManyOrdersMessage(total));
  // Bounded again, should orders arrive between the count and the read.
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.number))
    .limit(exportMaxOrders);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderLines.position));
  return ordersCsv(
    rows.map((order) => ({
      ...order,
      customer:
        order.customer === null
          ? null
          : {
              fullName: order.customer.fullName,
              email: order.customer.email,
              phone: order.customer.phone,
              country: order.customer.country,
              addressLines: addressLines(order.customer).slice(1),
            },
      currency: { ...known.get(order.currencyCode), code: order.currencyCode },
      lines: lines.filter((line) => line.orderId === order.id),
    })),
  );
}
