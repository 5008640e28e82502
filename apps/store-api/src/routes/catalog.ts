import {
  variantFieldNames,
  type ProductListResponse,
  type ProductResponse,
  type VariantsResponse,
  type WireReviewPage,
  type WireVariantFields,
} from "@herbo/hosted-api";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  findProduct,
  isArchived,
  listCurrencies,
  listProducts,
  listVariants,
  productSortFields,
} from "../catalog/repository.ts";
import { sendCached, type ResponseCache } from "../catalog/response-cache.ts";
import {
  assetUrlOn,
  serializeDetailProduct,
  serializeListProduct,
  serializeVariantFields,
  type PriceSelection,
} from "../catalog/serialize.ts";
import type { Database } from "../db/connection.ts";
import { ApiError, notFound } from "../errors.ts";
import {
  errorBodySchema,
  productListResponseSchema,
  productResponseSchema,
  reviewPageSchema,
  variantsResponseSchema,
} from "../http/wire-schemas.ts";
import type { ZodTypeProvider } from "../http/zod-schemas.ts";
import { publishedReviewPage } from "../reviews/review-reads.ts";

export const maxListLimit = 100;
export const defaultListLimit = 20;
const maxIds = 100;

/** Ids are printable text: control characters (NUL among them) never reach the database. */
const identifier = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]+$/u, "must not contain control characters");
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

/**
 * `currency=usd` (any case): each variant lists only its price in that currency, else its first price, which
 * is what a storefront page of that market shows; a shorter answer for pages that show one market. Without
 * it every price is listed, as the hosted backend lists them.
 */
const priceCurrency = z.string().regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code");

function priceSelectionOf(currency: string | undefined): PriceSelection {
  return currency === undefined ? "all" : { currency };
}

const productListQuerySchema = z.object({
  currency: priceCurrency.optional(),
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

const productParamsSchema = z.object({ storeId: z.string(), productId: identifier });
const productQuerySchema = z.object({ currency: priceCurrency.optional() });

type VariantField = keyof WireVariantFields;
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

const storeParamsSchema = z.object({ storeId: z.string() });
const errors = { "4xx": errorBodySchema, "5xx": errorBodySchema };

/** The three catalogue reads. Answers are cached serialised (see ResponseCache), so they bypass the serializer. */
export const catalogRoutes: FastifyPluginAsync<CatalogRouteOptions> = async (root, options) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = options;
  const assetUrl = assetUrlOn(options.publicUrl);

  const listSchema = {
    params: storeParamsSchema,
    querystring: productListQuerySchema,
    response: { 200: productListResponseSchema, ...errors },
  };
  app.get("/store/:storeId/products", { schema: listSchema }, async (request, reply) => {
    const { query } = request;
    const ids = query["ids[]"] ?? query.ids;
    const limit = query.limit ?? defaultListLimit;
    const offset = query.offset ?? 0;
    // Hidden products are never shown to shoppers, so is_hidden=true lists nothing.
    if (query.is_hidden === "true" || ids?.length === 0) return { count: 0, offset, limit, products: [] };
    const cached = await cache.get(request.url, async (): Promise<ProductListResponse> => {
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
        products: result.products.map((product) =>
          serializeListProduct(product, currencies, assetUrl, priceSelectionOf(query.currency)),
        ),
      };
    });
    return sendCached(request, reply, cached);
  });

  const productSchema = {
    params: productParamsSchema,
    querystring: productQuerySchema,
    response: { 200: productResponseSchema, ...errors },
  };
  app.get("/store/:storeId/products/:productId", { schema: productSchema }, async (request, reply) => {
    const { productId } = request.params;
    const cached = await cache.get(request.url, async (): Promise<ProductResponse | null> => {
      const [aggregate, currencies, reviews] = await Promise.all([
        findProduct(db, productId),
        listCurrencies(db),
        publishedReviewPage(db, productId, 1),
      ]);
      if (aggregate === undefined) return null;
      const selection = priceSelectionOf(request.query.currency);
      return { product: { ...serializeDetailProduct(aggregate, currencies, assetUrl, selection), reviews } };
    });
    if (cached.empty) {
      // An archived product's page goes for good (410), so search engines drop it; an unknown id is a 404.
      if (await isArchived(db, productId)) throw new ApiError(410, "gone", "This product is no longer sold");
      throw notFound("Product not found");
    }
    return sendCached(request, reply, cached);
  });

  const reviewsSchema = {
    params: productParamsSchema,
    querystring: z.object({ page: whole(100_000).pipe(z.number().min(1, "pages count from 1")).optional() }),
    response: { 200: reviewPageSchema, ...errors },
  };
  /** A later page of a product's published reviews, newest first; the first comes with the product. */
  app.get("/store/:storeId/products/:productId/reviews", { schema: reviewsSchema }, async (request, reply) => {
    const { productId } = request.params;
    const page = request.query.page ?? 1;
    // Keyed by the page alone, so no other query can fill the cache.
    const cached = await cache.get(`reviews:${productId}:${page}`, async (): Promise<WireReviewPage | null> =>
      (await findProduct(db, productId)) === undefined ? null : publishedReviewPage(db, productId, page),
    );
    if (cached.empty) throw notFound("Product not found");
    return sendCached(request, reply, cached);
  });

  const variantsSchema = {
    params: storeParamsSchema,
    querystring: variantsQuerySchema,
    response: { 200: variantsResponseSchema, ...errors },
  };
  app.get("/store/:storeId/variants", { schema: variantsSchema }, async (request, reply) => {
    const { query } = request;
    const productIds = query["product_ids[]"] ?? query.product_ids;
    const fields: readonly VariantField[] = query.fields ?? variantFieldNames;
    const cached = await cache.get(request.url, async (): Promise<VariantsResponse> => {
      const rows = await listVariants(db, productIds);
      return {
        variants: rows.map((variant) => {
          const all = serializeVariantFields(variant);
          return { id: variant.id, ...Object.fromEntries(fields.map((field) => [field, all[field]])) };
        }),
      };
    });
    return sendCached(request, reply, cached);
  });
};
