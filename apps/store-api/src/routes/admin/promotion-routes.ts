import { maxQuantityPriceUnits } from "@herbo/hosted-api";
import type { AdminPromotions } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { listPromotions, setQuantityPrices } from "../../catalog/quantity-prices.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
// Shapes only; the readable rules (units 2 to 20, whole percent 1 to 100, more units save more) come after.
const quantityPricesBody = z.object({
  version: z.number().int().min(0),
  tiers: z
    .array(z.object({ minQuantity: z.number(), percent: z.number() }))
    .max(maxQuantityPriceUnits, `at most ${maxQuantityPriceUnits} quantity prices`),
});

/** The owner's offers: each product's quantity prices per market, with their history. */
export const promotionRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/promotions", async (): Promise<AdminPromotions> => listPromotions(db));

  routes.put(
    "/products/:productId/quantity-prices/:marketCode",
    {
      schema: {
        params: z.object({
          productId: identifier,
          marketCode: z.string().regex(/^[a-z]{2}$/, "expected a market code such as uk"),
        }),
        body: quantityPricesBody,
      },
    },
    async (request): Promise<AdminPromotions> => {
      await setQuantityPrices(
        db,
        {
          productId: request.params.productId,
          marketCode: request.params.marketCode,
          actor: ownerOf(request).email,
          update: request.body,
        },
        options.now(),
      );
      // The storefront's next offer answer (product pages, the cart) carries the new prices.
      options.onStockChange();
      return listPromotions(db);
    },
  );
};
