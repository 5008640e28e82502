import type { AdminPrices } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { listPrices, setVariantPrices } from "../../catalog/prices.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
/** Whole minor units (the back office turns "29.99" into 2999): never negative, never a fraction. */
const minorUnits = z.number().int("expected whole minor units").min(0).max(100_000_000);
const updateBody = z.object({
  version: z.number().int().min(1),
  prices: z
    .array(
      z.object({
        currencyCode: z.string().regex(/^[A-Z]{3}$/, "expected an ISO currency code"),
        amount: minorUnits,
        saleAmount: minorUnits.nullable(),
      }),
    )
    .min(1)
    .max(20),
});

/** The owner's price lists: one price per market currency for every variant, with a history. */
export const priceRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/prices", async (): Promise<AdminPrices> => listPrices(db));

  routes.put(
    "/variants/:variantId/prices",
    { schema: { params: z.object({ variantId: identifier }), body: updateBody } },
    async (request): Promise<AdminPrices> => {
      await setVariantPrices(
        db,
        { variantId: request.params.variantId, actor: ownerOf(request).email, update: request.body },
        options.now(),
      );
      // The storefront's next catalogue answer carries the new prices.
      options.onCatalogChange();
      return listPrices(db);
    },
  );
};
