import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { findProduct, listCurrencies, listProducts, listVariants, productSortFields } from "../catalog/repository.ts";
import { sendCached, type ResponseCache } from "../catalog/response-cache.ts";
import { assetUrlOn, availableUnits, serializeProduct } from "../catalog/serialize.ts";
import type { Database } from "../db/connection.ts";
import { notFound } from "../errors.ts";
import { parseInput } from "../validation.ts";

export const maxListLimit = 100;
export const defaultListLimit = 20;
const maxIds = 100;

const identifier = z.string().min(1).max(100);
/** `ids[]=a&ids[]=b` arrives as an array, a single `ids[]=a` as a string. */
const idList = z
  .union([identifier, z.array(identifier)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(identifier).max(maxIds, `at most ${maxIds} ids`));
const whole = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

const productListQuerySchema = z.object({
  "ids[]": idList.optional(),
  ids: idList.optional(),
  offset: whole(1_000_000).optional(),
  limit: whole(maxListLimit)
    .pipe(z.number().min(1, `must be between 1 and ${maxListLimit}`))
    .optional(),
  order: z.enum(["asc", "desc", "ASC", "DESC"]).optional(),
  sort_by: z.enum(productSortFields).optional(),
  is_hidden: z.enum(["true", "false"]).optional(),
  to_date: z.iso
    .datetime({ offset: true })
    .or(z.iso.date())
    .transform((value) => new Date(value))
    .optional(),
});

const productParamsSchema = z.object({ productId: identifier });

const variantFieldNames = ["inventory_quantity", "title", "sku", "manage_inventory", "product_id"] as const;
type VariantField = (typeof variantFieldNames)[number];
const variantsQuerySchema = z.object({
  fields: z
    .string()
    .max(200)
    .transform((value) =>
      value
        .split(",")
        .map((field) => field.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(variantFieldNames)))
    .optional(),
  "product_ids[]": idList.optional(),
  product_ids: idList.optional(),
});

export interface CatalogRouteOptions {
  db: Database;
  publicUrl: string;
  cache: ResponseCache;
}

export function registerCatalogRoutes(app: FastifyInstance, options: CatalogRouteOptions): void {
  const { db, cache } = options;
  const assetUrl = assetUrlOn(options.publicUrl);

  app.get("/store/:storeId/products", async (request, reply) => {
    const query = parseInput(productListQuerySchema, request.query, "query");
    const ids = query["ids[]"] ?? query.ids;
    const limit = query.limit ?? defaultListLimit;
    const offset = query.offset ?? 0;
    // Hidden products are never shown to shoppers, so is_hidden=true lists nothing.
    if (query.is_hidden === "true" || ids?.length === 0) return { count: 0, offset, limit, products: [] };
    const cached = await cache.get(request.url, async () => {
      const [result, currencies] = await Promise.all([
        listProducts(db, {
          ids,
          offset,
          limit,
          sortBy: query.sort_by ?? "order",
          direction: query.order?.toLowerCase() === "desc" ? "desc" : "asc",
          toDate: query.to_date,
        }),
        listCurrencies(db),
      ]);
      return {
        count: result.count,
        offset,
        limit,
        products: result.products.map((product) => serializeProduct(product, currencies, assetUrl, "images")),
      };
    });
    return sendCached(request, reply, cached);
  });

  app.get("/store/:storeId/products/:productId", async (request, reply) => {
    const { productId } = parseInput(productParamsSchema, request.params, "path");
    const cached = await cache.get(request.url, async () => {
      const [aggregate, currencies] = await Promise.all([findProduct(db, productId), listCurrencies(db)]);
      return aggregate === undefined ? null : { product: serializeProduct(aggregate, currencies, assetUrl, "media") };
    });
    if (cached.empty) throw notFound("Product not found");
    return sendCached(request, reply, cached);
  });

  app.get("/store/:storeId/variants", async (request, reply) => {
    const query = parseInput(variantsQuerySchema, request.query, "query");
    const productIds = query["product_ids[]"] ?? query.product_ids;
    const fields: readonly VariantField[] = query.fields ?? variantFieldNames;
    const cached = await cache.get(request.url, async () => {
      const rows = await listVariants(db, productIds);
      return {
        variants: rows.map((variant) => {
          const all: Record<VariantField, unknown> = {
            inventory_quantity: availableUnits(variant),
            title: variant.title,
            sku: variant.sku,
            manage_inventory: variant.manageInventory,
            product_id: variant.productId,
          };
          return { id: variant.id, ...Object.fromEntries(fields.map((field) => [field, all[field]])) };
        }),
      };
    });
    return sendCached(request, reply, cached);
  });
}
