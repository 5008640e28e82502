import type {
  AdminProduct,
  AdminProductChange,
  AdminProductCreate,
  AdminProductFields,
  AdminProductList,
  AdminProductUpdate,
  AdminVariantCreate,
  AdminVariantFields,
  AdminVariantUpdate,
  ProductStatus,
} from "@herbo/hosted-api/admin";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { catalogChanges, markets, products, variantPrices, variants } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import { richTextShapeProblem } from "@herbo/hosted-api/rich-text-shape";
import { gtin14, parseGtin, parseMpn, type ParsedIdentifier } from "@herbo/hosted-api/product-identifiers";
import { cleanPlainText, cleanRichText, cleanRichTextsInTurn } from "./rich-text.ts";
import { priceListRefusal, saleCurrencies } from "./prices.ts";
import {
  batchesEntity,
  changedProductFields,
  describeBatchChange,
  describeFactsChange,
  factsEntity,
  type BatchChange,
  type FactsChange,
  describeVariantChange,
  isProductStatus,
  productIdFor,
  storedRelated,
  storedSections,
  styleOptions,
  variantSelectionOf,
} from "./product-fields.ts";

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

export const productEntity = "product";
export const variantEntity = "variant";
const historyLength = 30;

export function conflict(version: number, what: string): ApiError<"edit_conflict"> {
  return new ApiError(
    409,
    "edit_conflict",
    `Someone else changed this ${what} since you opened it. Their change is shown now; make yours again if it still applies.`,
    { version },
  );
}

function statusOf(row: ProductRow): ProductStatus {
  return isProductStatus(row.status) ? row.status : "draft";
}

/** The product's editable fields as the back office shows them. */
export function fieldsOf(row: ProductRow): AdminProductFields {
  return {
    title: row.title,
    subtitle: row.subtitle,
    ribbonText: row.ribbonText,
    descriptionHtml: row.description,
    sections: [...row.extras.additional_info]
      .sort((left, right) => left.order - right.order)
      .map((info) => ({ title: info.title, descriptionHtml: info.description })),
    purchasable: row.purchasable,
    variantSelection: variantSelectionOf(row.siteProductSelection),
    sortOrder: row.sortOrder,
    status: statusOf(row),
    relatedProductIds: [...row.extras.related_products]
      .sort((left, right) => left.position - right.position)
      .map((related) => related.related_id),
  };
}

/**
 * Whether a new variant counts its stock when the owner does not say: yes, starting at 0 on hand, so it
 * cannot be sold beyond what the owner adds on the Stock page (uncounted, it would sell without limit).
 */
export const newVariantsCountStock = true;

export function variantFieldsOf(row: VariantRow): AdminVariantFields {
  return {
    title: row.title,
    sku: row.sku,
    gtin: row.gtin,
    mpn: row.mpn,
    weight: row.weight,
    manageInventory: row.manageInventory,
  };
}

/** Products for the list: newest edits last in the store's order; search finds a title, id or SKU. */
export async function listAdminProducts(
  db: Database,
  query: { search?: string | undefined; status?: ProductStatus | undefined },
): Promise<AdminProductList> {
  const conditions: SQL[] = [];
  const deleted = isNull(products.deletedAt);
  conditions.push(deleted);
  if (query.status !== undefined) conditions.push(eq(products.status, query.status));
  const search = query.search?.trim();
  if (search !== undefined && search !== "") {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const bySku = db.select({ id: variants.productId }).from(variants).where(ilike(variants.sku, pattern));
    const found = or(ilike(products.title, pattern), ilike(products.id, pattern), inArray(products.id, bySku));
    if (found !== undefined) conditions.push(found);
  }
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const variantRows =
    rows.length === 0
      ? []
      : await db
          .select({ productId: variants.productId, sku: variants.sku })
          .from(variants)
          .where(
            inArray(
              variants.productId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(variants.sortOrder), asc(variants.id));
  return {
    products: rows.map((row) => {
      const own = variantRows.filter((variant) => variant.productId === row.id);
      return {
        id: row.id,
        title: row.title,
        status: statusOf(row),
        variantCount: own.length,
        skus: own.flatMap((variant) => (variant.sku === null ? [] : [variant.sku])),
        sortOrder: row.sortOrder,
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
  };
}

export async function productRow(db: Database | Transaction, id: string, lock: boolean): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  const [row] = lock ? await query.for("update") : await query;
  if (row === undefined) throw notFound("No such product");
  return row;
}

async function variantsOf(db: Database | Transaction, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.sortOrder), asc(variants.id));
}

/** One product with its variants, the other products (to relate), and its recent history. */
export async function getAdminProduct(db: Database, id: string): Promise<AdminProduct> {
  const row = await productRow(db, id, false);
  const [variantRows, others] = await Promise.all([
    variantsOf(db, id),
    db
      .select({ id: products.id, title: products.title, status: products.status })
      .from(products)
      .where(and(ne(products.id, id), isNull(products.deletedAt)))
      .orderBy(asc(products.sortOrder), asc(products.id)),
  ]);
  return {
    id: row.id,
    version: row.version,
    ...fieldsOf(row),
    variants: variantRows.map((variant) => ({ id: variant.id, version: variant.version, ...variantFieldsOf(variant) })),
    otherProducts: others.map((other) => ({
      id: other.id,
      title: other.title,
      status: isProductStatus(other.status) ? other.status : "draft",
    })),
    history: await productHistory(
      db,
      id,
      variantRows.map((variant) => variant.id),
    ),
    facts: row.facts,
  };
}

async function productHistory(db: Database, productId: string, variantIds: string[]): Promise<AdminProductChange[]> {
  const own = and(
    inArray(catalogChanges.entity, [productEntity, factsEntity, batchesEntity]),
    eq(catalogChanges.entityId, productId),
  );
  const ofVariants =
    variantIds.length === 0
      ? undefined
      : and(
          inArray(catalogChanges.entity, [variantEntity, "variant_prices"]),
          inArray(catalogChanges.entityId, variantIds),
        );
  const rows = await db
    .select()
    .from(catalogChanges)
    .where(ofVariants === undefined ? own : or(own, ofVariants))
    .orderBy(desc(catalogChanges.at), desc(catalogChanges.id))
    .limit(historyLength);
  return rows.map((change) => ({
    at: change.at.toISOString(),
    actor: change.actor,
    fields: describeChange(change.entity, change.before, change.after),
  }));
}

/** What a creation's history row has as its "before". */
const nothing = {};

function isNothing(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

function describeChange(entity: string, before: unknown, after: unknown): string[] {
  if (entity === productEntity) {
    if (isNothing(before)) return ["Product created"];
    return changedProductFields(before as Partial<AdminProductFields>, after as Partial<AdminProductFields>);
  }
  if (entity === variantEntity) {
    return [
      describeVariantChange(isNothing(before) ? null : (before as AdminVariantFields), after as AdminVariantFields),
    ];
  }
  if (entity === factsEntity) return [describeFactsChange(before as FactsChange, after as FactsChange)];
  if (entity === batchesEntity) return [describeBatchChange(after as BatchChange)];
  return ["Prices"];
}

/** Refuses rich text whose shape would make sanitising it hold the server (see richTextShapeProblem). */
function checkRichTextShape(fields: AdminProductFields): void {
  const refuse = (html: string, subject: string, field: string) => {
    const problem = richTextShapeProblem(html);
    if (problem !== undefined)
      throw invalidRequest(`${subject} ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`, field);
  };
  refuse(fields.descriptionHtml, "The description", "body.descriptionHtml");
  for (const [index, section] of fields.sections.entries()) {
    refuse(section.descriptionHtml, `Section ${index + 1}`, `body.sections.${index}.descriptionHtml`);
  }
}

/** Markup out of the plain fields, the rich ones cleaned by the storefront's rules; then the limits. */
function cleanFields(fields: AdminProductFields): AdminProductFields {
  checkRichTextShape(fields);
  const optional = (text: string | null) => {
    const clean = text === null ? "" : cleanPlainText(text);
    return clean === "" ? null : clean;
  };
  const clean: AdminProductFields = {
    ...fields,
    title: cleanPlainText(fields.title),
    subtitle: optional(fields.subtitle),
    ribbonText: optional(fields.ribbonText),
    descriptionHtml: cleanRichText(fields.descriptionHtml),
    sections: fields.sections.map((section) => ({
      title: cleanPlainText(section.title),
      descriptionHtml: cleanRichText(section.descriptionHtml),
    })),
  };
  if (clean.title === "") throw invalidRequest("A product needs a title", "body.title");
  for (const [index, section] of clean.sections.entries()) {
    if (section.title === "") throw invalidRequest("Each section needs a title", `body.sections.${index}.title`);
  }
  return clean;
}

async function checkRelated(tx: Transaction, productId: string, relatedIds: readonly string[]): Promise<void> {
  if (new Set(relatedIds).size !== relatedIds.length) {
    throw invalidRequest("A related product is listed twice", "body.relatedProductIds");
  }
  if (relatedIds.includes(productId)) {
    throw invalidRequest("A product cannot be related to itself", "body.relatedProductIds");
  }
  if (relatedIds.length === 0) return;
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...relatedIds]), isNull(products.deletedAt)));
  const missing = relatedIds.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw invalidRequest(`There is no product ${missing}`, "body.relatedProductIds");
}

/**
 * A product may be published only when shoppers in every market can buy each of its variants: it has a
 * variant, and each has a price in every market's currency.
 */
async function checkPublishable(tx: Transaction, productId: string): Promise<void> {
  const variantRows = await variantsOf(tx, productId);
  if (variantRows.length === 0) throw invalidRequest("Add a variant before publishing", "body.status");
  const sold = (await tx.select({ code: markets.currencyCode }).from(markets)).map((row) => row.code);
  const priced = await tx
    .select({ variantId: variantPrices.variantId, currency: variantPrices.currencyCode })
    .from(variantPrices)
    .where(
      inArray(
        variantPrices.variantId,
        variantRows.map((variant) => variant.id),
      ),
    );
  for (const variant of variantRows) {
    const missing = sold.filter(
      (currency) => !priced.some((row) => row.variantId === variant.id && row.currency === currency),
    );
    if (missing.length > 0) {
      throw invalidRequest(
        `Set the prices of ${variant.title} in ${missing.join(", ")} before publishing: every market needs one`,
        "body.status",
      );
    }
  }
}

export async function writeChange(
  tx: Transaction,
  change: { actor: string; entity: string; entityId: string; before: unknown; after: unknown },
  now: Date,
): Promise<void> {
  await tx.insert(catalogChanges).values({ id: `cc_${randomUUID()}`, at: now, ...change });
}

/** Saves every field of a product from the version the owner saw; the history keeps before and after. */
export async function updateProduct(
  db: Database,
  input: { productId: string; actor: string; update: AdminProductUpdate },
  now: Date,
): Promise<void> {
  const { version, ...submitted } = input.update;
  checkRichTextShape(submitted);
  await cleanRichTextsInTurn([
    submitted.descriptionHtml,
    ...submitted.sections.map((section) => section.descriptionHtml),
  ]);
  const fields = cleanFields(submitted);
  await db.transaction(async (tx) => {
    const row = await productRow(tx, input.productId, true);
    if (row.version !== version) throw conflict(row.version, "product");
    await checkRelated(tx, row.id, fields.relatedProductIds);
    if (fields.status === "published") await checkPublishable(tx, row.id);
    await tx
      .update(products)
      .set({
        title: fields.title,
        subtitle: fields.subtitle,
        ribbonText: fields.ribbonText,
        description: fields.descriptionHtml,
        purchasable: fields.purchasable,
        siteProductSelection: fields.variantSelection,
        sortOrder: fields.sortOrder,
        status: fields.status,
        extras: {
          ...row.extras,
          additional_info: storedSections(row.id, fields.sections),
          related_products: storedRelated(row.id, fields.relatedProductIds),
        },
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(products.id, row.id));
    await writeChange(
      tx,
      { actor: input.actor, entity: productEntity, entityId: row.id, before: fieldsOf(row), after: fields },
      now,
    );
  });
}

/** A new product's row: in the shop's one collection, with no options, sections or related products yet. */
export function newProductRow(id: string, fields: AdminProductFields, now: Date): typeof products.$inferInsert {
  return {
    id,
    title: fields.title,
    subtitle: fields.subtitle,
    ribbonText: fields.ribbonText,
    description: fields.descriptionHtml,
    thumbnail: null,
    purchasable: fields.purchasable,
    sortOrder: fields.sortOrder,
    status: fields.status,
    extras: {
      options: [],
      product_collections: [{ product_id: id, collection_id: "col_shilajit", order: fields.sortOrder }],
      additional_info: [],
      custom_fields: [],
      related_products: [],
      metadata: {},
    },
    createdAt: now,
    updatedAt: now,
  };
}

/** A new draft product with its first variant; its id comes from its title. Returns the id. */
export async function createProduct(
  db: Database,
  input: { actor: string; create: AdminProductCreate },
  now: Date,
): Promise<string> {
  const title = cleanPlainText(input.create.title);
  if (title === "") throw invalidRequest("A product needs a title", "body.title");
  const variant = cleanVariantFields({
    title: input.create.variantTitle,
    sku: input.create.sku,
    gtin: null,
    mpn: null,
    weight: null,
    manageInventory: newVariantsCountStock,
  });
  return db.transaction(async (tx) => {
    await checkSku(tx, variant.sku, undefined);
    const taken = await tx
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.id} LIKE ${`${productIdFor(title, new Set())}%`}`);
    const id = productIdFor(title, new Set(taken.map((row) => row.id)));
    const [last] = await tx.select({ sortOrder: sql<number>`coalesce(max(${products.sortOrder}), 0)` }).from(products);
    const fields: AdminProductFields = {
      title,
      subtitle: null,
      ribbonText: null,
      descriptionHtml: "",
      sections: [],
      purchasable: true,
      variantSelection: null,
      sortOrder: Number(last?.sortOrder ?? 0) + 1,
      status: "draft",
      relatedProductIds: [],
    };
    await tx.insert(products).values(newProductRow(id, fields, now));
    await writeChange(
      tx,
      { actor: input.actor, entity: productEntity, entityId: id, before: nothing, after: fields },
      now,
    );
    await insertVariant(tx, { productId: id, actor: input.actor, fields: variant }, now);
    return id;
  });
}

/** An identifier as the contract reads it (empty: none), or a 400 naming its field. */
function identifierOf(parse: (text: string) => ParsedIdentifier, text: string | null, field: string): string | null {
  const parsed = parse(text ?? "");
  if (!parsed.ok) throw invalidRequest(parsed.message, field);
  return parsed.value;
}

/** Trims the variant's fields and checks its identifiers; markup leaves its title. */
function cleanVariantFields(fields: AdminVariantFields): AdminVariantFields {
  const title = cleanPlainText(fields.title);
  if (title === "") throw invalidRequest("A variant needs a title", "body.title");
  const sku = fields.sku === null ? "" : fields.sku.trim();
  return {
    ...fields,
    title,
    sku: sku === "" ? null : sku,
    gtin: identifierOf(parseGtin, fields.gtin, "body.gtin"),
    mpn: identifierOf(parseMpn, fields.mpn, "body.mpn"),
  };
}

async function checkSku(tx: Transaction, sku: string | null, variantId: string | undefined): Promise<void> {
  if (sku === null) return;
  const [clash] = await tx
    .select({ id: variants.id })
    .from(variants)
    .where(
      and(
        sql`lower(${variants.sku}) = lower(${sku})`,
        variantId === undefined ? undefined : ne(variants.id, variantId),
      ),
    )
    .limit(1);
  if (clash !== undefined) {
    throw new ApiError(409, "duplicate_sku", `Another variant already has the SKU ${sku}`, { sku });
  }
}

/**
 * Refuses a GTIN another variant has (both as 14 digits, as GS1 compares them), naming that variant: one
 * barcode cannot stand for two things in a product feed.
 */
async function checkGtin(tx: Transaction, gtin: string | null, variantId: string | undefined): Promise<void> {
  if (gtin === null) return;
  const [clash] = await tx
    .select({ id: variants.id, title: variants.title, productTitle: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        sql`lpad(${variants.gtin}, 14, '0') = ${gtin14(gtin)}`,
        variantId === undefined ? undefined : ne(variants.id, variantId),
      ),
    )
    .limit(1);
  if (clash !== undefined) {
    throw new ApiError(409, "duplicate_gtin", duplicateGtinMessage(gtin, clash.productTitle, clash.title), {
      gtin,
      variant_id: clash.id,
    });
  }
}

/** "Another variant already has the GTIN 4006381333931: Pure Himalayan Shilajit Resin, 20 g" */
export function duplicateGtinMessage(gtin: string, productTitle: string, variantTitle: string): string {
  return `Another variant already has the GTIN ${gtin}: ${productTitle}, ${variantTitle}`;
}

/** The variants' titles are the values of the product's "Style" option, so it follows every change. */
export async function refreshOptions(tx: Transaction, productId: string, now: Date): Promise<void> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId));
  if (row === undefined) return;
  const options = styleOptions(productId, await variantsOf(tx, productId));
  await tx
    .update(products)
    .set({ extras: { ...row.extras, options }, updatedAt: now })
    .where(eq(products.id, productId));
}

export async function insertVariant(
  tx: Transaction,
  input: { productId: string; actor: string; fields: AdminVariantFields; prices?: AdminVariantCreate["prices"] },
  now: Date,
): Promise<string> {
  const existing = await variantsOf(tx, input.productId);
  const id = `var_${randomBytes(8).toString("hex")}`;
  await tx.insert(variants).values({
    id,
    productId: input.productId,
    title: input.fields.title,
    sku: input.fields.sku,
    gtin: input.fields.gtin,
    mpn: input.fields.mpn,
    weight: input.fields.weight,
    manageInventory: input.fields.manageInventory,
    sortOrder: existing.reduce((highest, variant) => Math.max(highest, variant.sortOrder), 0) + 1,
    updatedAt: now,
  });
  const prices = input.prices ?? [];
  if (prices.length > 0) {
    await tx.insert(variantPrices).values(prices.map((price) => ({ variantId: id, ...price })));
  }
  await writeChange(
    tx,
    { actor: input.actor, entity: variantEntity, entityId: id, before: nothing, after: input.fields },
    now,
  );
  await refreshOptions(tx, input.productId, now);
  return id;
}

/**
 * Adds a variant with its prices. A published product's new variant must be priced in every market's
 * currency, so that no shopper meets it without a price.
 */
export async function addVariant(
  db: Database,
  input: { productId: string; actor: string; create: AdminVariantCreate },
  now: Date,
): Promise<void> {
  const { prices, manageInventory = newVariantsCountStock, gtin = null, mpn = null, ...submitted } = input.create;
  const fields = cleanVariantFields({ ...submitted, gtin, mpn, manageInventory });
  const sold = (await saleCurrencies(db)).map((currency) => currency.code);
  const refusal = priceListRefusal(prices, sold);
  if (refusal !== undefined) throw refusal;
  await db.transaction(async (tx) => {
    const product = await productRow(tx, input.productId, true);
    const missing = sold.filter((currency) => !prices.some((price) => price.currencyCode === currency));
    if (product.status === "published" && missing.length > 0) {
      throw invalidRequest(
        `The product is on sale: give the new variant a price in ${missing.join(", ")} too`,
        "body.prices",
      );
    }
    await checkSku(tx, fields.sku, undefined);
    await checkGtin(tx, fields.gtin, undefined);
    await insertVariant(tx, { productId: product.id, actor: input.actor, fields, prices }, now);
  });
}

/** Saves a variant's fields from the version the owner saw; returns its product's id. */
export async function updateVariant(
  db: Database,
  input: { variantId: string; actor: string; update: AdminVariantUpdate },
  now: Date,
): Promise<string> {
  const { version, ...submitted } = input.update;
  const fields = cleanVariantFields(submitted);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(variants).where(eq(variants.id, input.variantId)).for("update");
    if (row === undefined) throw notFound("No such variant");
    if (row.version !== version) throw conflict(row.version, "variant");
    await checkSku(tx, fields.sku, row.id);
    await checkGtin(tx, fields.gtin, row.id);
    await tx
      .update(variants)
      .set({ ...fields, version: row.version + 1, updatedAt: now })
      .where(eq(variants.id, row.id));
    await writeChange(
      tx,
      { actor: input.actor, entity: variantEntity, entityId: row.id, before: variantFieldsOf(row), after: fields },
      now,
    );
    await refreshOptions(tx, row.productId, now);
    return row.productId;
  });
}
