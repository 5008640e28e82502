import { quantityPricesRefusal, type QuantityPrice, type WireQuantityPrice } from "@herbo/hosted-api";
import type { AdminPromotions, AdminQuantityPriceUpdate } from "@herbo/hosted-api/admin";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { catalogChanges, markets, products, quantityPrices } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";

/**
 * Automatic quantity prices ("Buy 2, save 10 %"): one set of tiers per product and market, which the owner
 * edits whole on the Promotions page with a version and a history, and which checkout applies to a product's
 * lines (the arithmetic is the contract's, `packages/hosted-api/src/offers.ts`, so the cart estimates alike).
 */

type Reader = Pick<Database, "select">;

/** The history's name for a change of a product's quantity prices in a market (catalog_changes.entity). */
export const quantityPriceEntity = "quantity_price";
const historyLength = 30;

function sorted(tiers: readonly QuantityPrice[]): QuantityPrice[] {
  return [...tiers]
    .sort((left, right) => left.minQuantity - right.minQuantity)
    .map(({ minQuantity, percent }) => ({ minQuantity, percent }));
}

/** The tiers of the given products in one market, by product id; a product without any is absent. */
export async function quantityPricesIn(
  db: Reader,
  marketCode: string,
  productIds: readonly string[],
): Promise<Map<string, QuantityPrice[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: quantityPrices.productId, tiers: quantityPrices.tiers })
    .from(quantityPrices)
    .where(and(eq(quantityPrices.marketCode, marketCode), inArray(quantityPrices.productId, [...productIds])));
  return new Map(rows.map((row) => [row.productId, sorted(row.tiers)]));
}

/** Every published product's quantity prices, as the storefront's offer answer states them. */
export async function listPublicQuantityPrices(db: Reader): Promise<WireQuantityPrice[]> {
  const rows = await db
    .select({ productId: quantityPrices.productId, marketCode: quantityPrices.marketCode, tiers: quantityPrices.tiers })
    .from(quantityPrices)
    .innerJoin(products, eq(products.id, quantityPrices.productId))
    .where(and(eq(products.status, "published"), isNull(products.deletedAt)))
    .orderBy(asc(products.sortOrder), asc(products.id), asc(quantityPrices.marketCode));
  return rows.flatMap((row) =>
    sorted(row.tiers).map((tier) => ({
      product_id: row.productId,
      market: row.marketCode,
      min_quantity: tier.minQuantity,
      percent: tier.percent,
    })),
  );
}

/** Every product's quantity prices per market, and the latest changes, for the Promotions page. */
export async function listPromotions(db: Database): Promise<Omit<AdminPromotions, "codes" | "currencies">> {
  const [marketRows, productRows, priceRows, history] = await Promise.all([
    db
      .select({ code: markets.code, name: markets.name })
      .from(markets)
      .orderBy(asc(markets.sortOrder), asc(markets.code)),
    db
      .select({ id: products.id, title: products.title, status: products.status })
      .from(products)
      .where(isNull(products.deletedAt))
      .orderBy(asc(products.sortOrder), asc(products.id)),
    db.select().from(quantityPrices),
    db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entity, quantityPriceEntity))
      .orderBy(desc(catalogChanges.at), desc(catalogChanges.id))
      .limit(historyLength),
  ]);
  const setOf = new Map(priceRows.map((row) => [`${row.productId}:${row.marketCode}`, row]));
  const titleOf = new Map(productRows.map((product) => [product.id, product.title]));
  const marketNameOf = new Map(marketRows.map((market) => [market.code, market.name]));
  return {
    markets: marketRows,
    products: productRows.map((product) => ({
      ...product,
      prices: marketRows.map((market) => {
        const row = setOf.get(`${product.id}:${market.code}`);
        return { marketCode: market.code, tiers: sorted(row?.tiers ?? []), version: row?.version ?? 0 };
      }),
    })),
    history: history.map((row) => {
      const [productId = "", marketCode = ""] = row.entityId.split(":");
      return {
        at: row.at.toISOString(),
        actor: row.actor,
        entity: "quantity_price" as const,
        entityId: row.entityId,
        label: `${titleOf.get(productId) ?? productId} in ${marketNameOf.get(marketCode) ?? marketCode}`,
        before: row.before as QuantityPrice[],
        after: row.after as QuantityPrice[],
      };
    }),
  };
}

/**
 * Sets a product's quantity prices in one market, whole, from the version the owner saw (0 for none yet):
 * a change since then is refused with 409 and the current version. An empty set removes the offer. The change
 * and its history entry are written together. Checkouts already open keep the prices they were made with.
 */
export async function setQuantityPrices(
  db: Database,
  input: { productId: string; marketCode: string; actor: string; update: AdminQuantityPriceUpdate },
  now: Date,
): Promise<void> {
  const { productId, marketCode, update } = input;
  const refusal = quantityPricesRefusal(update.tiers);
  if (refusal !== undefined) throw invalidRequest(refusal, "body.tiers");
  const tiers = sorted(update.tiers);
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)));
    if (product === undefined) throw notFound(`No product has the id ${productId}.`);
    const [market] = await tx.select({ name: markets.name }).from(markets).where(eq(markets.code, marketCode));
    if (market === undefined) throw notFound(`No market has the code ${marketCode}.`);
    const where = and(eq(quantityPrices.productId, productId), eq(quantityPrices.marketCode, marketCode));
    const [current] = await tx.select().from(quantityPrices).where(where).for("update");
    const version = current?.version ?? 0;
    if (version !== update.version) {
      throw new ApiError(
        409,
        "edit_conflict",
        `Someone else changed the quantity prices of ${product.title} in ${market.name} since you opened them. Their change is shown now; make yours again if it still applies.`,
        { version },
      );
    }
    if (current === undefined) {
      // Two first saves at once: the primary key lets one in, the other is refused as a conflict.
      const inserted = await tx
        .insert(quantityPrices)
        .values({ productId, marketCode, tiers, version: 1 })
        .onConflictDoNothing()
        .returning({ version: quantityPrices.version });
      if (inserted.length === 0) {
        throw new ApiError(409, "edit_conflict", "Someone else saved these quantity prices at the same moment.", {
          version: 1,
        });
      }
    } else {
      await tx
        .update(quantityPrices)
        .set({ tiers, version: current.version + 1 })
        .where(and(where, eq(quantityPrices.version, current.version)));
    }
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: quantityPriceEntity,
      entityId: `${productId}:${marketCode}`,
      before: sorted(current?.tiers ?? []),
      after: tiers,
    });
  });
}
