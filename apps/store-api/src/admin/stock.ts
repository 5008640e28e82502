import type { AdminStock, AdminStockMovement, AdminStockProduct } from "@herbo/hosted-api/admin";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { orders, products, stockMovements, variants } from "../db/schema.ts";
import { ApiError, notFound } from "../errors.ts";

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
 * Adds (or removes, when negative) units on hand, with a reason, in one conditional UPDATE: concurrent
 * adjustments add up, and none can take on-hand below what open checkouts hold (nor below zero).
 */
export async function adjustStock(
  db: Database,
  input: { variantId: string; change: number; reason: string; actor: string },
  now: Date,
): Promise<{ onHand: number; reserved: number }> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(variants)
      .set({ stockOnHand: sql`${variants.stockOnHand} + ${input.change}`, updatedAt: now })
      .where(
        and(
          eq(variants.id, input.variantId),
          eq(variants.manageInventory, true),
          sql`${variants.stockOnHand} + ${input.change} >= ${variants.stockReserved}`,
        ),
      )
      .returning({ onHand: variants.stockOnHand, reserved: variants.stockReserved });
    if (updated === undefined) {
      const [current] = await tx.select().from(variants).where(eq(variants.id, input.variantId));
      if (current === undefined) throw notFound(`No variant ${input.variantId}.`);
      if (!current.manageInventory) {
        throw new ApiError(
          409,
          "stock_not_tracked",
          `${current.title} does not track stock, so it has none to adjust.`,
          {
            variant_id: current.id,
          },
        );
      }
      throw new ApiError(
        409,
        "stock_below_reserved",
        `Cannot remove ${-input.change}: ${current.stockOnHand} on hand, of which ${current.stockReserved} are held by open checkouts.`,
        { variant_id: current.id, on_hand: current.stockOnHand, reserved: current.stockReserved },
      );
    }
    await tx.insert(stockMovements).values({
      variantId: input.variantId,
      at: now,
      actor: input.actor,
      change: input.change,
      onHandAfter: updated.onHand,
      reason: input.reason,
    });
    return updated;
  });
}

/** Lets shoppers buy a product, or stops them (the storefront then shows it as unavailable). */
export async function setPurchasable(db: Database, productId: string, purchasable: boolean, now: Date): Promise<void> {
  const updated = await db
    .update(products)
    .set({ purchasable, updatedAt: now })
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .returning({ id: products.id });
  if (updated.length === 0) throw notFound(`No product ${productId}.`);
}
