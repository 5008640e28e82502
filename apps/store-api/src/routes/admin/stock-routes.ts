import type { AdminStock } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { adjustStock, listStock, setPurchasable } from "../../stock/adjustments.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
const adjustmentBody = z.object({
  change: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((change) => change !== 0, "must add or remove at least one unit"),
  reason: z.string().trim().min(1, "say why").max(200),
});

/** Stock per variant, adjustments with a reason, and whether a product can be bought. */
export const stockRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/stock", async (): Promise<AdminStock> => listStock(db));

  routes.post(
    "/stock/:variantId/adjustments",
    { schema: { params: z.object({ variantId: identifier }), body: adjustmentBody } },
    async (request): Promise<AdminStock> => {
      await adjustStock(
        db,
        { variantId: request.params.variantId, ...request.body, actor: ownerOf(request).email },
        options.now(),
      );
      // The storefront's next catalogue answer shows the new stock.
      options.onCatalogChange();
      return listStock(db);
    },
  );

  routes.put(
    "/products/:productId/purchasable",
    { schema: { params: z.object({ productId: identifier }), body: z.object({ purchasable: z.boolean() }) } },
    async (request): Promise<AdminStock> => {
      await setPurchasable(
        db,
        { productId: request.params.productId, purchasable: request.body.purchasable, actor: ownerOf(request).email },
        options.now(),
      );
      options.onCatalogChange();
      return listStock(db);
    },
  );
};
