import type { AdminProductFactsUpdate } from "@herbo/hosted-api/admin";
import { parseProductFacts, type ProductFacts } from "@herbo/hosted-api/product-facts";
import { eq } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { products } from "../db/schema.ts";
import { invalidRequest } from "../errors.ts";
import { conflict, productRow, writeChange } from "./product-edits.ts";
import { factsEntity } from "./product-fields.ts";

/**
 * The facts as the contract's rules read them, or a 400 naming the first field they refuse
 * (`body.facts.amounts.2.name`); null removes the panel.
 */
function checkedFacts(facts: ProductFacts | null): ProductFacts | null {
  if (facts === null) return null;
  const parsed = parseProductFacts(facts);
  if (parsed.ok) return parsed.value;
  const [first] = parsed.problems;
  throw invalidRequest(first?.message ?? "The facts are not valid", `body.facts.${first?.field ?? ""}`);
}

/**
 * Sets or removes a product's supplement facts from the version of the product the owner saw: the facts are
 * part of the product, so a save moves its version on and a save from an older page is refused. The history
 * keeps the panel before and after.
 */
export async function saveProductFacts(
  db: Database,
  input: { productId: string; actor: string; update: AdminProductFactsUpdate },
  now: Date,
): Promise<void> {
  const facts = checkedFacts(input.update.facts);
  await db.transaction(async (tx) => {
    const row = await productRow(tx, input.productId, true);
    if (row.version !== input.update.version) throw conflict(row.version, "product");
    await tx
      .update(products)
      .set({ facts, version: row.version + 1, updatedAt: now })
      .where(eq(products.id, row.id));
    await writeChange(
      tx,
      { actor: input.actor, entity: factsEntity, entityId: row.id, before: { facts: row.facts }, after: { facts } },
      now,
    );
  });
}
