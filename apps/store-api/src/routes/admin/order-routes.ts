import type { AdminOrderActionRequest, AdminOrderDetail, AdminOrderList } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { orderDetail, listOrders } from "../../orders/order-queries.ts";
import { exportOrdersCsv } from "../../orders/orders-export.ts";
import { exportMaxDays, isExportableRange } from "../../orders/orders-csv.ts";
import { fulfilmentStatuses, paymentStatuses } from "../../lifecycle/order-states.ts";
import { ApiError, notFound } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { runOrderAction } from "../../payments/refund-sending.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";
import { day, optionalField, orderedRange, pageNumber } from "./query-fields.ts";

const orderNumberParams = z.object({
  number: z.string().regex(/^HS-[1-9][0-9]{3,8}$/, "expected an order number like HS-1001"),
});

/** The search box's text: a NUL would make the database refuse the statement (a 500), so controls are refused here. */
const searchText = z
  .string()
  .max(200)
  .refine((text) => !/\p{Cc}/u.test(text), "the search cannot contain line breaks or other control characters");

const listQuery = z
  .object({
    q: optionalField(searchText),
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
  .refine(orderedRange, { message: "the range ends before it starts", path: ["to"] })
  .refine(isExportableRange, {
    message: `one export covers at most ${exportMaxDays} days; choose a shorter range`,
    path: ["to"],
  });

const text = (max: number) => z.string().trim().min(1).max(max);
const shipment = {
  carrier: text(100),
  trackingNumber: text(100),
  trackingUrl: optionalField(z.url({ protocol: /^https?$/ }).max(500)),
};
const refundId = z.string().regex(/^rf_[A-Za-z0-9_-]{1,64}$/, "expected a refund id");
const actionBody: z.ZodType<AdminOrderActionRequest> = z.discriminatedUnion("action", [
  z.object({ action: z.literal("confirm") }),
  z.object({ action: z.literal("pack") }),
  z.object({ action: z.literal("ship"), ...shipment }),
  z.object({ action: z.literal("deliver") }),
  z.object({ action: z.literal("collect_cash") }),
  z.object({ action: z.literal("cancel"), reason: optionalField(z.string().trim().max(200)) }),
  z.object({ action: z.literal("correct_shipment"), ...shipment }),
  z.object({ action: z.literal("undo_delivery") }),
  z.object({ action: z.literal("undo_cash_collection") }),
  z.object({
    action: z.literal("take_return"),
    lines: z
      .array(z.object({ position: z.number().int().min(1).max(1000), quantity: z.number().int().min(1).max(10_000) }))
      .max(100),
    restock: z.boolean(),
    refundAmount: z.number().int().min(0).max(1_000_000_000),
    reason: optionalField(z.string().trim().max(200)),
  }),
  z.object({ action: z.literal("record_refund"), refundId, note: text(300) }),
  z.object({ action: z.literal("retry_refund"), refundId }),
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
    const csv = await exportOrdersCsv(db, from, to);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="orders-${from}-to-${to}.csv"`)
      .send(csv);
  });

  routes.get(
    "/orders/:number",
    { schema: { params: orderNumberParams } },
    async (request): Promise<AdminOrderDetail> => {
      const detail = await orderDetail(db, request.params.number, options.payments.providers);
      if (detail === undefined) throw notFound(`No order ${request.params.number}.`);
      return detail;
    },
  );

  routes.post(
    "/orders/:number/actions",
    { schema: { params: orderNumberParams, body: actionBody } },
    async (request): Promise<AdminOrderDetail> => {
      const { number } = request.params;
      const outcome = await runOrderAction(
        {
          ...options.payments,
          onEmailQueued: options.onEmailQueued,
          onStockChange: options.onCatalogChange,
        },
        number,
        request.body,
        ownerOf(request).email,
      );
      if (outcome.kind === "not_found") throw notFound(`No order ${number}.`);
      if (outcome.kind === "refused") {
        throw new ApiError(409, "action_not_allowed", outcome.message, {
          action: request.body.action,
          payment_status: outcome.order.paymentStatus,
          fulfilment_status: outcome.order.fulfilmentStatus,
        });
      }
      const detail = await orderDetail(db, number, options.payments.providers);
      if (detail === undefined) throw notFound(`No order ${number}.`);
      return detail;
    },
  );
};
