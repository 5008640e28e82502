import type { AdminProduct } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { getAdminProduct } from "../../catalog/product-edits.ts";
import { saveProductFacts } from "../../catalog/supplement-facts.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
/**
 * A field of the panel: only its type and a loose bound here, since the catalogue checks each against the
 * contract's rules (parseProductFacts) and answers with their messages and the field they name.
 */
const text = z.string().max(2_000, "at most 2000 characters");
const facts = z.strictObject({
  servingSize: text,
  servingsPerContainer: text.nullable(),
  amounts: z.array(z.strictObject({ name: text, amount: text, dailyValue: text.nullable() })).max(100, "too many rows"),
  ingredients: text.nullable(),
  warnings: z.array(text).max(100, "too many warnings"),
});

/** A product's supplement-facts panel: set, replace or remove it (null), from the product's version shown. */
export const factsRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    "/products/:productId/facts",
    {
      schema: {
        params: z.object({ productId: identifier }),
        body: z.object({ version: z.number().int().min(1), facts: facts.nullable() }),
      },
    },
    async (request): Promise<AdminProduct> => {
      const { productId } = request.params;
      await saveProductFacts(
        options.db,
        { productId, actor: ownerOf(request).email, update: request.body },
        options.now(),
      );
      // The storefront's next product answer carries the panel.
      options.onCatalogChange();
      return getAdminProduct(options.db, productId);
    },
  );
};
