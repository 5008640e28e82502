import { and, eq, lte, sql, type SQL } from "drizzle-orm";
import { products, variants } from "../db/schema.ts";

/** A tracked variant with this many units available or fewer is "low on stock". */
export const lowStockThreshold = 5;

/** Units a shopper could still buy: on hand less what open checkouts hold. */
export const availableUnits = sql`${variants.stockOnHand} - ${variants.stockReserved}`;

/**
 * The back office's low-stock rule, one place for the overview and the metrics: a variant whose stock is
 * counted, of a product not deleted, with `lowStockThreshold` or fewer available. Needs products joined.
 */
export function lowStockCondition(): SQL | undefined {
  return and(
    eq(variants.manageInventory, true),
    sql`${products.deletedAt} IS NULL`,
    lte(availableUnits, lowStockThreshold),
  );
}
