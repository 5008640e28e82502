import { decimalDigitsOf, taxNoteText } from "@herbo/hosted-api";
import type {
  AdminFulfilmentStatus,
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderSummary,
  AdminPaymentStatus,
  AdminRefundState,
} from "@herbo/hosted-api/admin";
import { noCashOwedFulfilment } from "@herbo/hosted-api/admin";
import { and, asc, count, desc, eq, gte, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { listCurrencies } from "../catalog/repository.ts";
import { addressLines } from "../checkout/details/index.ts";
import type { Database } from "../db/connection.ts";
import { markets, orderEvents, orderLines, orderRefunds, orders } from "../db/schema.ts";
import { availableActions } from "./order-state-machine.ts";
import type { RefundingProvider } from "./refund-request.ts";
import { providerCanRefund } from "./refunds.ts";
import { isOutstandingRefund } from "../lifecycle/order-states.ts";
import { orderTaxFacts } from "../markets/tax-note.ts";
import { adminMoney } from "../admin-money.ts";
import { eventSummary } from "./order-history.ts";
import { dayRange } from "../shop-time.ts";

export interface OrderFilters {
  q?: string | undefined;
  paymentMethod?: string | undefined;
  paymentStatus?: AdminPaymentStatus | undefined;
  fulfilmentStatus?: AdminFulfilmentStatus | undefined;
  country?: string | undefined;
  /** Days in the shop's time zone, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export const orderPageSize = 25;

/** Cash on delivery still to collect: the overview's figure and the list's "Cash to collect" filter. */
export const cashToCollect = and(
  eq(orders.paymentStatus, "cod_due"),
  notInArray(orders.fulfilmentStatus, [...noCashOwedFulfilment]),
) as SQL;

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The WHERE clause of the list's filters; search looks at the number, email, name, phone, street, city and postcode. */
export function orderConditions(filters: OrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  // The route refuses control characters; dropping them here too keeps a NUL from any caller out of SQL.
  const q = filters.q?.replace(/\p{Cc}/gu, "").trim() ?? "";
  if (q !== "") {
    const pattern = containing(q);
    const matches: SQL[] = [
      sql`${orders.number} ILIKE ${pattern}`,
      sql`${orders.customer}->>'email' ILIKE ${pattern}`,
      sql`${orders.customer}->>'fullName' ILIKE ${pattern}`,
      sql`${orders.customer}->'address'->>'line1' ILIKE ${pattern}`,
      sql`${orders.customer}->'address'->>'line2' ILIKE ${pattern}`,
      sql`${orders.customer}->'address'->>'city' ILIKE ${pattern}`,
    ];
    // Postcodes are compared without spaces, so "NW16XE" finds "NW1 6XE" and the other way round.
    const postcode = q.replace(/\s/g, "");
    if (postcode !== "") {
      matches.push(
        sql`regexp_replace(${orders.customer}->'address'->>'postalCode', '\s', '', 'g') ILIKE ${containing(postcode)}`,
      );
    }
    // Phones are stored as E.164 (+9779812345678): compare digits only, so "981-234 5678" finds it.
    const digits = q.replace(/\D/g, "");
    if (digits.length >= 4) {
      matches.push(sql`regexp_replace(${orders.customer}->>'phone', '[^0-9]', '', 'g') LIKE ${containing(digits)}`);
    }
    const found = or(...matches);
    if (found !== undefined) conditions.push(found);
  }
  if (filters.paymentMethod !== undefined) conditions.push(eq(orders.paymentMethod, filters.paymentMethod));
  if (filters.paymentStatus === "cod_due") conditions.push(cashToCollect);
  else if (filters.paymentStatus !== undefined) conditions.push(eq(orders.paymentStatus, filters.paymentStatus));
  if (filters.fulfilmentStatus !== undefined) conditions.push(eq(orders.fulfilmentStatus, filters.fulfilmentStatus));
  if (filters.country !== undefined) conditions.push(sql`${orders.customer}->>'country' = ${filters.country}`);
  if (filters.from !== undefined) conditions.push(gte(orders.createdAt, dayRange(filters.from, filters.from).start));
  if (filters.to !== undefined) conditions.push(lt(orders.createdAt, dayRange(filters.to, filters.to).end));
  return and(...conditions);
}

const itemCount = sql<number>`(SELECT COALESCE(SUM(${orderLines.quantity}), 0) FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id})::int`;

/** One page of the orders matching the filters, newest first, with the count over all pages. */
export async function listOrders(db: Database, filters: OrderFilters, page: number): Promise<AdminOrderList> {
  const where = orderConditions(filters);
  const [rows, [counted], known] = await Promise.all([
    db
      .select({ order: orders, itemCount })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(orderPageSize)
      .offset((page - 1) * orderPageSize),
    db.select({ total: count() }).from(orders).where(where),
    listCurrencies(db),
  ]);
  return {
    orders: rows.map(({ order, itemCount: items }): AdminOrderSummary => ({
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      customerName: order.customer?.fullName ?? "",
      email: order.customer?.email ?? "",
      phone: order.customer?.phone ?? "",
      country: order.customer?.country ?? "",
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      fulfilmentStatus: order.fulfilmentStatus,
      total: adminMoney(order.totalAmount, order.currencyCode, known),
      itemCount: Number(items),
    })),
    total: counted?.total ?? 0,
    page,
    pageSize: orderPageSize,
  };
}

/** Everything the order page shows, or undefined for an unknown number. */
export async function orderDetail(
  db: Database,
  number: string,
  providers: ReadonlyMap<string, RefundingProvider>,
): Promise<AdminOrderDetail | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (order === undefined) return undefined;
  const [lines, events, refunds, known] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    listCurrencies(db),
  ]);
  const [market] = await db.select().from(markets).where(eq(markets.code, order.marketCode));
  const money = (amount: number) => adminMoney(amount, order.currencyCode, known);
  const shipped = events.findLast((event) => event.type === "shipped" || event.type === "shipment_corrected")?.data;
  const owed = refunds.filter((row) => isOutstandingRefund(row.status)).reduce((sum, row) => sum + row.amount, 0);
  const refund: AdminRefundState = owed > 0 ? "to_make" : order.refundedAmount > 0 ? "refunded" : "none";
  const customer = order.customer;
  return {
    number: order.number,
    placedAt: order.createdAt.toISOString(),
    customer:
      customer === null
        ? null
        : { name: customer.fullName, email: customer.email, phone: customer.phone, country: customer.country },
    addressLines: customer === null ? [] : addressLines(customer),
    lines: lines.map((line) => ({
      position: line.position,
      sku: line.sku,
      productTitle: line.productTitle,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      unitPrice: money(line.unitAmount),
      lineTotal: money(line.unitAmount * line.quantity),
      discount: money(line.discountAmount),
      offerLabel: line.offerLabel,
      codeDiscount: money(line.codeDiscountAmount),
      returnedQuantity: line.returnedQuantity,
    })),
    discountCode:
      order.discountCode === null ? null : { code: order.discountCode, amount: money(order.codeDiscountAmount) },
    subtotal: money(order.subtotalAmount),
    shipping: money(order.shippingAmount),
    total: money(order.totalAmount),
    currency: {
      code: order.currencyCode,
      decimalDigits: decimalDigitsOf(known.get(order.currencyCode)),
      template: known.get(order.currencyCode)?.template ?? null,
      symbol: known.get(order.currencyCode)?.symbol ?? null,
    },
    market: { code: order.marketCode, name: market?.name ?? order.marketCode },
    // The tax the order carries, in the words its shopper read (only once the shop was registered).
    taxNote: taxNoteText(orderTaxFacts(order, undefined, (amount) => money(amount).text)),
    invoicePath: `/orders/${order.accessToken}/invoice`,
    payment: {
      method: order.paymentMethod,
      provider: order.paymentProvider,
      refundsThroughProvider: providerCanRefund(order, providers),
      reference: order.paymentReference,
      status: order.paymentStatus,
      cardLast4: order.cardLast4,
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    fulfilmentStatus: order.fulfilmentStatus,
    shipment:
      shipped === undefined || typeof shipped.carrier !== "string" || typeof shipped.trackingNumber !== "string"
        ? null
        : {
            carrier: shipped.carrier,
            trackingNumber: shipped.trackingNumber,
            trackingUrl: typeof shipped.trackingUrl === "string" ? shipped.trackingUrl : null,
          },
    refund,
    captured: money(order.capturedAmount),
    refunded: money(order.refundedAmount),
    refundable: money(Math.max(0, order.capturedAmount - order.refundedAmount - owed)),
    refunds: refunds.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: money(row.amount),
      status: row.status,
      provider: row.provider,
      providerReference: row.providerReference,
      reason: row.reason,
      note: row.note,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    })),
    history: events.map((event) => ({
      at: event.at.toISOString(),
      actor: event.actor,
      type: event.type,
      summary: eventSummary(event, money),
    })),
    // Refund actions are for a refund in the state they act on.
    actions: availableActions(order).filter(
      (action) =>
        (action !== "retry_refund" || refunds.some((row) => row.status === "failed" && row.provider !== null)) &&
        (action !== "record_refund" || refunds.some((row) => row.status === "failed" || row.status === "to_make")),
    ),
  };
}
