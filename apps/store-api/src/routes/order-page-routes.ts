import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { listCurrencies } from "../catalog/repository.ts";
import type { PageFrame } from "../pages/page-layout.ts";
import type { Database } from "../db/connection.ts";
import { markets, orderEvents, orderLines, orderRefunds, orders } from "../db/schema.ts";
import { renderOrderNotFound, renderOrderPage } from "../orders/order-page.ts";
import { renderInvoice } from "../orders/invoice.ts";
import { shopTimeZone } from "../shop-time.ts";

const tokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/) });

const pageSecurity = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/**
 * GET /orders/{token}: the shopper's order page, and GET /orders/{token}/invoice its printable invoice. The
 * token is the only key; it is never logged in full.
 */
export const orderPageRoutes: FastifyPluginAsync<{
  db: Database;
  frame: PageFrame;
  /** The seller its invoices name (SELLER_NAME, SELLER_ADDRESS). */
  seller: { name: string; address: readonly string[] };
}> = async (app, options) => {
  const { db, frame, seller } = options;

  async function orderOf(request: { params: unknown }, reply: FastifyReply) {
    reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageSecurity)
      .header("x-robots-tag", "noindex, nofollow");
    const params = tokenParamsSchema.safeParse(request.params);
    const [order] = params.success
      ? await db.select().from(orders).where(eq(orders.accessToken, params.data.token)).limit(1)
      : [];
    return order;
  }

  app.get("/orders/:token/invoice", async (request, reply) => {
    const order = await orderOf(request, reply);
    if (order === undefined) return reply.code(404).send(renderOrderNotFound(frame));
    const [lines, currencies, creditNotes, [market]] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
      listCurrencies(db),
      db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.id))
        .orderBy(asc(orderRefunds.creditNoteNumber)),
      db.select().from(markets).where(eq(markets.code, order.marketCode)),
    ]);
    const currency = currencies.get(order.currencyCode);
    return reply.send(
      renderInvoice({
        frame,
        seller,
        order,
        lines,
        creditNotes,
        market,
        currency: currency === undefined ? undefined : { ...currency, namePlural: currency.namePlural },
        shopTimeZone,
      }),
    );
  });

  app.get("/orders/:token", async (request, reply) => {
    const order = await orderOf(request, reply);
    if (order === undefined) return reply.code(404).send(renderOrderNotFound(frame));
    const [lines, currencies, [shipped], refunds, [market]] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
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
      db.select().from(markets).where(eq(markets.code, order.marketCode)),
    ]);
    const data = shipped?.data ?? {};
    const shipment =
      typeof data.carrier === "string" && typeof data.trackingNumber === "string"
        ? { carrier: data.carrier, trackingNumber: data.trackingNumber }
        : null;
    return reply.send(
      renderOrderPage({
        frame,
        order,
        lines,
        currency: currencies.get(order.currencyCode),
        shipment,
        refunds,
        market,
      }),
    );
  });
};
