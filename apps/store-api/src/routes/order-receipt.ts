import { formatMoney, isOrderNumber, isReceiptKey, type OrderReceiptBody } from "@herbo/hosted-api";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { notFound } from "../errors.ts";
import type { ZodTypeProvider } from "../http/zod-schemas.ts";
import { orderByNumber } from "../orders/order-lookup.ts";
import { isReceiptKeyOf } from "../orders/receipt.ts";

const unknownOrder = "No order has this number and receipt.";

/**
 * GET /store/{storeId}/orders/{number}/receipt?receipt={key}: what the success page may tell of an order
 * the store placed (how it is paid, and its total), for the key the success URL carried. An unknown
 * number and a wrong key get the same 404, so the answer tells nothing about which numbers exist, and
 * nothing personal is ever in it.
 */
export const orderReceiptRoutes: FastifyPluginAsync<{ db: Database }> = async (app, options) => {
  const { db } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    "/store/:storeId/orders/:number/receipt",
    {
      schema: {
        params: z.object({ storeId: z.string(), number: z.string().max(20) }),
        querystring: z.object({ receipt: z.string().max(64).optional() }),
      },
    },
    async (request, reply): Promise<OrderReceiptBody> => {
      reply.header("cache-control", "no-store");
      const { number } = request.params;
      const key = request.query.receipt;
      if (!isOrderNumber(number) || !isReceiptKey(key)) throw notFound(unknownOrder);
      const order = await orderByNumber(db, number);
      if (order === undefined || !isReceiptKeyOf(order, key)) throw notFound(unknownOrder);
      const currency = (await listCurrencies(db)).get(order.currencyCode);
      return {
        order: {
          number: order.number,
          payment: order.paymentMethod === "cod" ? "cash_on_delivery" : "paid",
          total: {
            amount: order.totalAmount,
            currency_code: order.currencyCode,
            text: formatMoney(order.totalAmount, currency ?? { code: order.currencyCode }),
          },
        },
      };
    },
  );
};
