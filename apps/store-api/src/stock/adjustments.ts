import type { AdminStock, AdminStockMovement, AdminStockProduct } from "@herbo/hosted-api/admin";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { catalogChanges, orders, products, stockMovements, variants } from "../db/schema.ts";
import { applyStock, StockShortage } from "./ledger.ts";
import { ApiError, notFound } from "../errors.ts";
import { markVariantsProductChanged } from "../catalog/product-changed.ts";

const historyLength = 30;

/** Every product with its variants' stock, and the latest stock movements. */
export async function listStock(db: Database): Promise<AdminStock> {
  const rows = await db
    .select({ product: products, variant: variants })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.sortOrder), asc(products.id), asc(variants.sortOrder), asc(variants.id));
  const byProduct = new Map<string, AdminStockProduct>();
  for (const { product, variant } of rows) {
    let entry = byProduct.get(product.id);
    if (entry === undefined) {
      entry = { id: product.id, title: product.title, purchasable: product.purchasable, variants: [] };
      byProduct.set(product.id, entry);
    }
    entry.variants.push({
      id: variant.id,
      title: variant.title,
      sku: variant.sku,
      tracked: variant.manageInventory,
      onHand: variant.stockOnHand,
      reserved: variant.stockReserved,
      available: variant.stockOnHand - variant.stockReserved,
    });
  }
  return { products: [...byProduct.values()], history: await stockHistory(db) };
}

async function stockHistory(db: Database): Promise<AdminStockMovement[]> {
  const rows = await db
    .select({ movement: stockMovements, variant: variants, product: products, orderNumber: orders.number })
    .from(stockMovements)
    .innerJoin(variants, eq(variants.id, stockMovements.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .orderBy(desc(stockMovements.id))
    .limit(historyLength);
  return rows.map(({ movement, variant, product, orderNumber }) => ({
    at: movement.at.toISOString(),
    actor: movement.actor,
    variantId: movement.variantId,
    productTitle: product.title,
    variantTitle: variant.title,
    change: movement.change,
    onHandAfter: movement.onHandAfter,
    reason: movement.reason,
    orderNumber,
  }));
}

/**
 * Adds (or removes, when negative) units on hand, with a reason, through the stock ledger: concurrent
 * adjustments add up, and none can take on-hand below what open checkouts hold (nor below zero).
 */
export async function adjustStock(
  db: Database,
  input: { variantId: string; change: number; reason: string; actor: string },
  now: Date,
): Promise<{ onHand: number; reserved: number }> {
  return db.transaction(async (tx) => {
    await markVariantsProductChanged(tx, input.variantId, now);
    try {
      const after = await applyStock(
        tx,
        [{ kind: "adjust", variantId: input.variantId, quantity: input.change }],
        now,
        {
          actor: input.actor,
          reason: input.reason,
        },
      );
      const stock = after.get(input.variantId);
      if (stock === undefined) throw new Error(`The ledger did not change ${input.variantId}`);
      return stock;
    } catch (error) {
      if (!(error instanceof StockShortage)) throw error;
      const current = error.stock;
      if (current === undefined) throw notFound(`No variant ${input.variantId}.`);
      const [variant] = await tx
        .select({ title: variants.title })
        .from(variants)
        .where(eq(variants.id, input.variantId));
      if (!current.tracked) {
        throw new ApiError(
          409,
          "stock_not_tracked",
          `${variant?.title ?? input.variantId} does not track stock, so it has none to adjust.`,
          { variant_id: input.variantId },
        );
      }
      throw new ApiError(
        409,
        "stock_below_reserved",
        `Cannot remove ${-input.change}: ${current.onHand} on hand, of which ${current.reserved} are held by open checkouts.`,
        { variant_id: input.variantId, on_hand: current.onHand, reserved: current.reserved },
      );
    }
  });
}

/**
 * Lets shoppers buy a product, or stops them (the storefront then shows it as unavailable). It is an edit
 * of the product like any other: its version goes up, so an editor open elsewhere cannot silently undo it,
 * and the history says who.
 */
export async function setPurchasable(
  db: Database,
  input: { productId: string; purchasable: boolean; actor: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ purchasable: products.purchasable })
      .from(products)
      .where(and(eq(products.id, input.productId), isNull(products.deletedAt)))
      .for("update");
    if (before === undefined) throw notFound(`No product ${input.productId}.`);
    await tx
      .update(products)
      .set({ purchasable: input.purchasable, version: sql`${products.version} + 1`, updatedAt: now })
      .where(eq(products.id, input.productId));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: "product",
      entityId: input.productId,
      before,
      after: { purchasable: input.purchasable },
    });
  });
}
