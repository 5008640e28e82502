import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import {
  currencies,
  markets,
  media,
  productBatches,
  productImages,
  products,
  variantPrices,
  variants,
} from "../db/schema.ts";

export type ProductRow = typeof products.$inferSelect;
export type ImageRow = typeof productImages.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;
export type PriceRow = typeof variantPrices.$inferSelect;
export type BatchRow = typeof productBatches.$inferSelect;

export interface ProductAggregate {
  product: ProductRow;
  images: ImageRow[];
  /** The uploaded photos among the images (those with a `mediaId`): their sizes. */
  media: MediaRow[];
  variants: VariantRow[];
  /** The variants' price lists, the default market's currency first, then in the markets' order. */
  prices: PriceRow[];
}

export const productSortFields = ["order", "created_at", "updated_at", "title"] as const;
export type ProductSortField = (typeof productSortFields)[number];

export interface ProductListQuery {
  ids: readonly string[] | undefined;
  offset: number;
  limit: number;
  sortBy: ProductSortField;
  direction: "asc" | "desc";
  /** Only products created on or before this instant. */
  toDate: Date | undefined;
}

const sortColumns = {
  order: products.sortOrder,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
  title: products.title,
} as const;

/** Published, not deleted: what shoppers may see. */
const visible = and(eq(products.status, "published"), isNull(products.deletedAt));

export async function listProducts(
  db: Database,
  query: ProductListQuery,
): Promise<{ count: number; products: ProductAggregate[] }> {
  const conditions: SQL[] = [];
  if (visible !== undefined) conditions.push(visible);
  if (query.ids !== undefined) conditions.push(inArray(products.id, [...query.ids]));
  if (query.toDate !== undefined) conditions.push(lte(products.createdAt, query.toDate));
  const where = and(...conditions);
  const direction = query.direction === "asc" ? asc : desc;
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(products).where(where),
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(direction(sortColumns[query.sortBy]), asc(products.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: totals[0]?.total ?? 0, products: await attachChildren(db, rows) };
}

/** A product of the single-product answer: with its current batch, which the list leaves out. */
export interface DetailAggregate extends ProductAggregate {
  currentBatch: BatchRow | null;
}

export async function findProduct(db: Database, id: string): Promise<DetailAggregate | undefined> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), visible))
    .limit(1);
  const [[aggregate], [currentBatch]] = await Promise.all([
    attachChildren(db, rows),
    db
      .select()
      .from(productBatches)
      .where(and(eq(productBatches.productId, id), eq(productBatches.current, true)))
      .limit(1),
  ]);
  return aggregate === undefined ? undefined : { ...aggregate, currentBatch: currentBatch ?? null };
}

/** Whether the owner archived this product: it was sold here once, and its URL now answers "gone". */
export async function isArchived(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, "archived"), isNull(products.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Variants of visible products, optionally only those of the given products, in display order. */
export async function listVariants(db: Database, productIds: readonly string[] | undefined): Promise<VariantRow[]> {
  const conditions: SQL[] = [];
  if (visible !== undefined) conditions.push(visible);
  if (productIds !== undefined) conditions.push(inArray(variants.productId, [...productIds]));
  const rows = await db
    .select({ variant: variants })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(...conditions))
    .orderBy(asc(products.sortOrder), asc(variants.productId), asc(variants.sortOrder));
  return rows.map((row) => row.variant);
}

export async function listCurrencies(db: Database): Promise<Map<string, CurrencyRow>> {
  const rows = await db.select().from(currencies);
  return new Map(rows.map((row) => [row.code, row]));
}

async function attachChildren(db: Database, rows: ProductRow[]): Promise<ProductAggregate[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const relatedIds = [...new Set(rows.flatMap((row) => row.extras.related_products.map((entry) => entry.related_id)))];
  const [imageRows, mediaRows, variantRows, priceRows, shownRelated] = await Promise.all([
    db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.sortOrder)),
    db
      .select({ media, productId: productImages.productId })
      .from(media)
      .innerJoin(productImages, eq(productImages.mediaId, media.id))
      .where(inArray(productImages.productId, ids)),
    db
      .select()
      .from(variants)
      .where(inArray(variants.productId, ids))
      .orderBy(asc(variants.sortOrder), asc(variants.id)),
    db
      .select({ price: variantPrices, productId: variants.productId })
      .from(variantPrices)
      .innerJoin(variants, eq(variants.id, variantPrices.variantId))
      .leftJoin(markets, eq(markets.currencyCode, variantPrices.currencyCode))
      .where(inArray(variants.productId, ids))
      .orderBy(sql`coalesce(${markets.sortOrder}, 2147483647)`, asc(variantPrices.currencyCode)),
    relatedIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, relatedIds), visible)),
  ]);
  // A related draft or archived product is left out: its id (made from its title) is not for shoppers yet.
  const shown = new Set(shownRelated.map((row) => row.id));
  return rows.map((product) => ({
    product: withShownRelated(product, shown),
    images: imageRows.filter((image) => image.productId === product.id),
    media: mediaRows.filter((row) => row.productId === product.id).map((row) => row.media),
    variants: variantRows.filter((variant) => variant.productId === product.id),
    prices: priceRows.filter((row) => row.productId === product.id).map((row) => row.price),
  }));
}

function withShownRelated(product: ProductRow, shown: ReadonlySet<string>): ProductRow {
  const related = product.extras.related_products;
  const kept = related.filter((entry) => shown.has(entry.related_id));
  return kept.length === related.length
    ? product
    : { ...product, extras: { ...product.extras, related_products: kept } };
}

/** Units a shopper can still buy: on hand minus what open checkouts hold. */
export const availableStock = sql<number>`${variants.stockOnHand} - ${variants.stockReserved}`;
