import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import type { PageFrame } from "../pages/page-layout.ts";
import type { Database } from "../db/connection.ts";
import { invoiceFacts, orderByAccessToken, orderPageFacts } from "../orders/order-lookup.ts";
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
    return params.success ? orderByAccessToken(db, params.data.token) : undefined;
  }

  app.get("/orders/:token/invoice", async (request, reply) => {
    const order = await orderOf(request, reply);
    if (order === undefined) return reply.code(404).send(renderOrderNotFound(frame));
    const { lines, currency, creditNotes, market } = await invoiceFacts(db, order);
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
    const { lines, currency, shipment, refunds, market } = await orderPageFacts(db, order);
    return reply.send(
      renderOrderPage({
        frame,
        order,
        lines,
        currency,
        shipment,
        refunds,
        market,
      }),
    );
  });
};
