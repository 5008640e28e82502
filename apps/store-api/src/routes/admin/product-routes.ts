import {
  productImportLimits,
  productStatuses,
  variantSelections,
  type AdminProduct,
  type AdminProductImportResult,
  type AdminProductList,
} from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  addVariant,
  createProduct,
  getAdminProduct,
  listAdminProducts,
  updateProduct,
  updateVariant,
} from "../../catalog/product-edits.ts";
import { describeProblem } from "../../catalog/products-csv.ts";
import { exportProducts, importProducts } from "../../catalog/products-transfer.ts";
import { invalidRequest } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const identifier = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "expected an id");
/** One line of text: no control characters (markup is removed by the store, not refused). */
const line = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters");
const richText = (max: number) => z.string().max(max, `at most ${max} characters`);
const sku = z
  .string()
  .trim()
  .max(64, "at most 64 characters")
  .regex(/^[\p{L}\p{N}._/#-]*$/u, "letters, digits and . _ / # - only")
  .nullable();
/**
 * A GTIN or MPN as typed: only bounded here, since the catalogue checks it by the contract's rules (parseGtin,
 * parseMpn) and answers with their messages. Empty or null: none.
 */
const feedIdentifier = z.string().max(200, "at most 200 characters").nullable();
/** Kilograms, as the shipping label needs them. */
const weight = z.number().min(0, "cannot be negative").max(1000, "at most 1000 kg").nullable();
const minorUnits = z.number().int("expected whole minor units").min(0).max(100_000_000);

const productFields = z.object({
  title: line(200),
  subtitle: line(300).nullable(),
  ribbonText: line(40).nullable(),
  descriptionHtml: richText(20_000),
  sections: z.array(z.object({ title: line(100), descriptionHtml: richText(5000) })).max(10, "at most 10 sections"),
  purchasable: z.boolean(),
  variantSelection: z.enum(variantSelections).nullable(),
  sortOrder: z.number().int().min(0).max(100_000),
  status: z.enum(productStatuses),
  relatedProductIds: z.array(identifier).max(12, "at most 12 related products"),
});
const variantFields = z.object({
  title: line(100),
  sku,
  gtin: feedIdentifier,
  mpn: feedIdentifier,
  weight,
  manageInventory: z.boolean(),
});
const listQuery = z.object({
  search: line(100).optional(),
  status: z.enum(productStatuses).optional(),
});

const importBody = z.object({
  csv: z
    .string()
    .max(
      productImportLimits.maxCharacters,
      `a file holds at most ${productImportLimits.maxCharacters / 1024 / 1024} MB; import it in parts`,
    ),
  apply: z.boolean(),
});
/** The file in JSON: escaping may double its quotes and a UTF-8 character takes up to three bytes. */
const importBodyLimit = 3 * productImportLimits.maxCharacters + 1024;

/** "Line 4, price_USD: …; 2 more problems. Nothing was imported." */
function importRefusal(result: AdminProductImportResult): string {
  const [first] = result.problems;
  const more = result.problemCount - 1;
  const described = first === undefined ? "The file has problems" : describeProblem(first);
  return `${described}${more > 0 ? `; ${more} more ${more === 1 ? "problem" : "problems"}` : ""}. Nothing was imported.`;
}

/** The owner's products: list, create, edit, archive; their variants' fields; CSV export and import. */
export const productRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const productParams = z.object({ productId: identifier });

  routes.get("/products", { schema: { querystring: listQuery } }, async (request): Promise<AdminProductList> =>
    listAdminProducts(db, request.query),
  );

  routes.post(
    "/products",
    { schema: { body: z.object({ title: line(200), variantTitle: line(100), sku }) } },
    async (request, reply): Promise<AdminProduct> => {
      const id = await createProduct(db, { actor: ownerOf(request).email, create: request.body }, options.now());
      // A draft: the storefront never shows it, so its caches stay as they are.
      return reply.code(201).send(await getAdminProduct(db, id));
    },
  );

  routes.get("/products/export.csv", async (_request, reply) => {
    const { filename, csv } = await exportProducts(db, options.now());
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .send(csv);
  });

  routes.post(
    "/products/import",
    { bodyLimit: importBodyLimit, schema: { body: importBody } },
    async (request): Promise<AdminProductImportResult> => {
      const { csv, apply } = request.body;
      const result = await importProducts(db, { csv, apply, actor: ownerOf(request).email }, options.now());
      if (apply && !result.applied) throw invalidRequest(importRefusal(result), "body.csv");
      // The storefront's next catalogue answer carries the imported changes.
      if (result.applied && result.items.length > 0) options.onCatalogChange();
      return result;
    },
  );

  routes.get("/products/:productId", { schema: { params: productParams } }, async (request): Promise<AdminProduct> =>
    getAdminProduct(db, request.params.productId),
  );

  routes.put(
    "/products/:productId",
    { schema: { params: productParams, body: productFields.extend({ version: z.number().int().min(1) }) } },
    async (request): Promise<AdminProduct> => {
      const { productId } = request.params;
      await updateProduct(db, { productId, actor: ownerOf(request).email, update: request.body }, options.now());
      // The storefront's next catalogue answer carries the change (or leaves out an archived product).
      options.onCatalogChange();
      return getAdminProduct(db, productId);
    },
  );

  routes.post(
    "/products/:productId/variants",
    {
      schema: {
        params: productParams,
        body: variantFields.extend({
          // Left out, the new variant counts its stock (admin/products.ts, newVariantsCountStock).
          manageInventory: z.boolean().optional(),
          // Left out, the new variant has none.
          gtin: feedIdentifier.optional(),
          mpn: feedIdentifier.optional(),
          prices: z
            .array(
              z.object({
                currencyCode: z.string().regex(/^[A-Z]{3}$/, "expected an ISO currency code"),
                amount: minorUnits,
                saleAmount: minorUnits.nullable(),
              }),
            )
            .max(20),
        }),
      },
    },
    async (request, reply): Promise<AdminProduct> => {
      const { productId } = request.params;
      await addVariant(db, { productId, actor: ownerOf(request).email, create: request.body }, options.now());
      options.onCatalogChange();
      return reply.code(201).send(await getAdminProduct(db, productId));
    },
  );

  routes.put(
    "/variants/:variantId",
    {
      schema: {
        params: z.object({ variantId: identifier }),
        body: variantFields.extend({ version: z.number().int().min(1) }),
      },
    },
    async (request): Promise<AdminProduct> => {
      const productId = await updateVariant(
        db,
        { variantId: request.params.variantId, actor: ownerOf(request).email, update: request.body },
        options.now(),
      );
      options.onCatalogChange();
      return getAdminProduct(db, productId);
    },
  );
};
