import type { AdminOrderActionRequest, AdminOrderDetail, AdminOrderList } from "@herbo/hosted-api/admin";
import { asc, and, eq, gte, lt, inArray } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { orderConditions, orderDetail, listOrders } from "../../admin/order-queries.ts";
import { ordersCsv } from "../../admin/orders-csv.ts";
import { dayRange } from "../../admin/shop-time.ts";
import { listCurrencies } from "../../catalog/repository.ts";
import { addressLines } from "../../checkout/details/index.ts";
import { fulfilmentStatuses, orderLines, orders, paymentStatuses } from "../../db/schema.ts";
import { ApiError, notFound } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import type { RefundState } from "../../email/outbox-data.ts";
import { applyOrderAction } from "../../orders/order-actions.ts";
import { decideAction } from "../../orders/order-state-machine.ts";
import { refundOnCancel } from "../../orders/refund-on-cancel.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";
import { day, optionalField, orderedRange, pageNumber } from "./query-fields.ts";

const orderNumberParams = z.object({
  number: z.string().regex(/^HS-[1-9][0-9]{3,8}$/, "expected an order number like HS-1001"),
});

const listQuery = z
  .object({
    q: optionalField(z.string().max(200)),
    paymentMethod: optionalField(z.string().regex(/^[a-z_]{1,20}$/)),
    paymentStatus: optionalField(z.enum(paymentStatuses)),
    fulfilmentStatus: optionalField(z.enum(fulfilmentStatuses)),
    country: optionalField(z.string().regex(/^[A-Z]{2}$/, "expected a two-letter country code")),
    from: optionalField(day),
    to: optionalField(day),
    page: optionalField(pageNumber),
  })
  .refine(orderedRange, { message: "the range ends before it starts", path: ["to"] });

const exportQuery = z
  .object({ from: day, to: day })
  .refine(orderedRange, { message: "the range ends before it starts", path: ["to"] });

const text = (max: number) => z.string().trim().min(1).max(max);
const actionBody: z.ZodType<AdminOrderActionRequest> = z.discriminatedUnion("action", [
  z.object({ action: z.literal("pack") }),
  z.object({
    action: z.literal("ship"),
    carrier: text(100),
    trackingNumber: text(100),
    trackingUrl: optionalField(z.url({ protocol: /^https?$/ }).max(500)),
  }),
  z.object({ action: z.literal("deliver") }),
  z.object({ action: z.literal("collect_cash") }),
  z.object({ action: z.literal("cancel"), reason: optionalField(z.string().trim().max(200)) }),
]);

/** The orders: list with search and filters, CSV export, one order, and its actions. */
export const orderRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/orders", { schema: { querystring: listQuery } }, async (request): Promise<AdminOrderList> => {
    const { page, ...filters } = request.query;
    return listOrders(db, filters, page ?? 1);
  });

  routes.get("/orders/export.csv", { schema: { querystring: exportQuery } }, async (request, reply) => {
    const { from, to } = request.query;
    const range = dayRange(from, to);
    const where = and(orderConditions({}), gte(orders.createdAt, range.start), lt(orders.createdAt, range.end));
    const [rows, known] = await Promise.all([
      db.select().from(orders).where(where).orderBy(asc(orders.createdAt), asc(orders.number)),
      listCurrencies(db),
    ]);
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
    const csv = ordersCsv(
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
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="orders-${from}-to-${to}.csv"`)
      .send(csv);
  });

  routes.get(
    "/orders/:number",
    { schema: { params: orderNumberParams } },
    async (request): Promise<AdminOrderDetail> => {
      const detail = await orderDetail(db, request.params.number);
      if (detail === undefined) throw notFound(`No order ${request.params.number}.`);
      return detail;
    },
  );

  routes.post(
    "/orders/:number/actions",
    { schema: { params: orderNumberParams, body: actionBody } },
    async (request): Promise<AdminOrderDetail> => {
      const { number } = request.params;
      const actor = ownerOf(request).email;
      // The provider is asked before the cancel's transaction (it is a network call, and it records its
      // own refund): a paid order that may be cancelled is refunded first, then cancelled as refunded.
      let providerRefund: RefundState | undefined;
      if (request.body.action === "cancel" && options.refundPayment !== undefined) {
        const [current] = await db.select().from(orders).where(eq(orders.number, number));
        if (current?.paymentStatus === "paid" && decideAction("cancel", current).kind === "apply") {
          providerRefund = (await options.refundPayment(current, actor)).refund;
        }
      }
      const outcome = await applyOrderAction(db, number, request.body, {
        actor,
        now: options.now(),
        shopName: options.shopName,
        publicUrl: options.publicUrl,
        refund: async (order) =>
          order.paymentStatus === "refunded" ? "refunded" : (providerRefund ?? (await refundOnCancel(order))),
      });
      if (outcome.kind === "not_found") throw notFound(`No order ${number}.`);
      if (outcome.kind === "refused") {
        throw new ApiError(409, "action_not_allowed", outcome.message, {
          action: request.body.action,
          payment_status: outcome.order.paymentStatus,
          fulfilment_status: outcome.order.fulfilmentStatus,
        });
      }
      if (outcome.kind === "applied") {
        if (outcome.stockChanged) options.onStockChange();
        if (outcome.emailQueued) options.onEmailQueued();
      }
      const detail = await orderDetail(db, number);
      if (detail === undefined) throw notFound(`No order ${number}.`);
      return detail;
    },
  );
};
