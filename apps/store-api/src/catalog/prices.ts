import type {
  AdminPrice,
  AdminPriceChange,
  AdminPriceCurrency,
  AdminPrices,
  AdminPriceUpdate,
} from "@herbo/hosted-api/admin";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import { catalogChanges, currencies, markets, products, variantPrices, variants } from "../db/schema.ts";
import { ApiError, invalidRequest, notFound } from "../errors.ts";
import { markVariantsProductChanged } from "./product-changed.ts";

const historyLength = 30;
const priceEntity = "variant_prices";

/** The currencies the shop sells in: each market's, in the markets' order. */
export async function saleCurrencies(db: Database): Promise<AdminPriceCurrency[]> {
  const rows = await db
    .select({ code: markets.currencyCode, marketName: markets.name, decimalDigits: currencies.decimalDigits })
    .from(markets)
    .innerJoin(currencies, eq(currencies.code, markets.currencyCode))
    .orderBy(asc(markets.sortOrder), asc(markets.code));
  return rows;
}

function byCurrency(prices: readonly AdminPrice[], order: readonly string[]): AdminPrice[] {
  return [...prices].sort((left, right) => order.indexOf(left.currencyCode) - order.indexOf(right.currencyCode));
}

/** Every product's variants with their price in each currency, and the latest price changes. */
export async function listPrices(db: Database): Promise<AdminPrices> {
  const currencyList = await saleCurrencies(db);
  const order = currencyList.map((currency) => currency.code);
  const rows = await db
    .select({ product: products, variant: variants })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.sortOrder), asc(products.id), asc(variants.sortOrder), asc(variants.id));
  const priceRows = await db.select().from(variantPrices);
  const pricesOf = new Map<string, AdminPrice[]>();
  for (const row of priceRows) {
    const list = pricesOf.get(row.variantId) ?? [];
    list.push({ currencyCode: row.currencyCode, amount: row.amount, saleAmount: row.saleAmount });
    pricesOf.set(row.variantId, list);
  }
  const byProduct = new Map<string, AdminPrices["products"][number]>();
  for (const { product, variant } of rows) {
    let entry = byProduct.get(product.id);
    if (entry === undefined) {
      entry = { id: product.id, title: product.title, variants: [] };
      byProduct.set(product.id, entry);
    }
    entry.variants.push({
      id: variant.id,
      title: variant.title,
      sku: variant.sku,
      version: variant.version,
      prices: byCurrency(pricesOf.get(variant.id) ?? [], order),
    });
  }
  return { currencies: currencyList, products: [...byProduct.values()], history: await priceHistory(db) };
}

async function priceHistory(db: Database): Promise<AdminPriceChange[]> {
  const rows = await db
    .select({ change: catalogChanges, variant: variants, product: products })
    .from(catalogChanges)
    .innerJoin(variants, eq(variants.id, catalogChanges.entityId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(catalogChanges.entity, priceEntity))
    .orderBy(desc(catalogChanges.at), desc(catalogChanges.id))
    .limit(historyLength);
  return rows.map(({ change, variant, product }) => ({
    at: change.at.toISOString(),
    actor: change.actor,
    variantId: variant.id,
    productTitle: product.title,
    variantTitle: variant.title,
    before: change.before as AdminPrice[],
    after: change.after as AdminPrice[],
  }));
}

/**
 * The refusal of a price list, or undefined when it may be saved: each currency once, each one the shop
 * sells in, above zero, a sale price below the price. (Whole minor units and their range are the route's schema.)
 */
export function priceListRefusal(prices: readonly AdminPrice[], sold: readonly string[]): ApiError | undefined {
  const seen = new Set<string>();
  for (const [index, price] of prices.entries()) {
    const field = `body.prices.${index}`;
    if (!sold.includes(price.currencyCode)) {
      return invalidRequest(
        `The shop sells in no market with the currency ${price.currencyCode}`,
        `${field}.currencyCode`,
      );
    }
    if (seen.has(price.currencyCode)) {
      return invalidRequest(`${price.currencyCode} is listed twice`, `${field}.currencyCode`);
    }
    seen.add(price.currencyCode);
    // Nothing is given away: a free line would make an order no payment method can take.
    if (price.amount <= 0) return invalidRequest("A price must be above zero", `${field}.amount`);
    if (price.saleAmount !== null && price.saleAmount <= 0) {
      return invalidRequest("A sale price must be above zero", `${field}.saleAmount`);
    }
    if (price.saleAmount !== null && price.saleAmount >= price.amount) {
      return invalidRequest("A sale price must be below the price", `${field}.saleAmount`);
    }
  }
  return undefined;
}

/**
 * Sets a variant's prices in the currencies given (the others stay as they are), from the version the
 * owner saw: a change since then is refused with 409 and the current version. The change and its history
 * entry are written together, and the variant's version goes up by one.
 */
export async function setVariantPrices(
  db: Database,
  input: { variantId: string; actor: string; update: AdminPriceUpdate },
  now: Date,
): Promise<void> {
  const sold = (await saleCurrencies(db)).map((currency) => currency.code);
  const refusal = priceListRefusal(input.update.prices, sold);
  if (refusal !== undefined) throw refusal;
  await db.transaction(async (tx) => {
    await markVariantsProductChanged(tx, input.variantId, now);
    const [variant] = await tx.select().from(variants).where(eq(variants.id, input.variantId)).for("update");
    if (variant === undefined) throw notFound("No such variant");
    if (variant.version !== input.update.version) {
      throw new ApiError(
        409,
        "edit_conflict",
        "Someone else changed these prices since you opened them. Their change is shown now; make yours again if it still applies.",
        { version: variant.version },
      );
    }
    const before = (await tx.select().from(variantPrices).where(eq(variantPrices.variantId, variant.id))).map(
      (row): AdminPrice => ({ currencyCode: row.currencyCode, amount: row.amount, saleAmount: row.saleAmount }),
    );
    for (const price of input.update.prices) {
      await tx
        .insert(variantPrices)
        .values({
          variantId: variant.id,
          currencyCode: price.currencyCode,
          amount: price.amount,
          saleAmount: price.saleAmount,
        })
        .onConflictDoUpdate({
          target: [variantPrices.variantId, variantPrices.currencyCode],
          set: { amount: price.amount, saleAmount: price.saleAmount },
        });
    }
    const after = (await tx.select().from(variantPrices).where(eq(variantPrices.variantId, variant.id))).map(
      (row): AdminPrice => ({ currencyCode: row.currencyCode, amount: row.amount, saleAmount: row.saleAmount }),
    );
    await tx
      .update(variants)
      .set({ version: variant.version + 1, updatedAt: now })
      .where(and(eq(variants.id, variant.id), eq(variants.version, variant.version)));
    await tx.insert(catalogChanges).values({
      id: `cc_${randomUUID()}`,
      at: now,
      actor: input.actor,
      entity: priceEntity,
      entityId: variant.id,
      before: byCurrency(before, sold),
      after: byCurrency(after, sold),
    });
  });
}
