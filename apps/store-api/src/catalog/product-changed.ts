import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../db/connection.ts";
import { products, variants } from "../db/schema.ts";

/**
 * Marks the product of a variant as changed now, inside the caller's transaction: the products list's
 * "Changed" time is the product's, so an edit of a variant's prices or stock must move it too. Only the time:
 * the product's version stays, so an editor open on the product is not refused for a change it did not touch.
 * Called before the variant's own row is changed, so every edit takes the product's row before the variant's.
 */
export async function markVariantsProductChanged(tx: Transaction, variantId: string, now: Date): Promise<void> {
  await tx
    .update(products)
    .set({ updatedAt: now })
    .where(eq(products.id, sql`(SELECT ${variants.productId} FROM ${variants} WHERE ${variants.id} = ${variantId})`));
}
