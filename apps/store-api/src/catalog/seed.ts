import { readFile } from "node:fs/promises";
import path from "node:path";
import { markets as defaultMarkets, shippingRates as offeredRates } from "@herbo/hosted-api";
import { parseProductFacts, type ProductFacts } from "@herbo/hosted-api/product-facts";
import { count, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/connection.ts";
import { currencies, markets, productImages, products, shippingRates, variantPrices, variants } from "../db/schema.ts";
import { packageRoot } from "../package-root.ts";

const minorUnits = z.number().int().nonnegative().max(1_000_000_000);

const seedVariantSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  sku: z.string().nullable(),
  image: z.string().nullable(),
  amount: minorUnits,
  sale_amount: minorUnits.nullable(),
  /** The variant's fixed price in each further currency (its price list); `amount` is the first currency's. */
  prices: z.record(z.string().min(3), z.object({ amount: minorUnits, sale_amount: minorUnits.nullable() })).default({}),
  manage_inventory: z.boolean(),
  stock: z.number().int().nonnegative(),
  weight: z.number().nonnegative().nullable(),
});

/** A supplement-facts panel in the seed, in the wire's field names; read by the contract's rules when seeded. */
const seedFactsSchema = z.object({
  serving_size: z.string(),
  servings_per_container: z.string().nullable().default(null),
  amounts: z.array(z.object({ name: z.string(), amount: z.string(), daily_value: z.string().nullable() })).default([]),
  ingredients: z.string().nullable().default(null),
  warnings: z.array(z.string()).default([]),
});

const seedProductSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().nullable(),
  ribbon_text: z.string().nullable(),
  order: z.number().int(),
  purchasable: z.boolean(),
  site_product_selection: z.string().nullable(),
  created_at: z.iso.datetime(),
  description: z.string(),
  images: z.array(z.string().min(1)),
  thumbnail: z.string().nullable(),
  additional_info: z.array(z.object({ id: z.string(), title: z.string(), description: z.string() })),
  variants: z.array(seedVariantSchema).min(1),
  facts: seedFactsSchema.optional(),
});

export const seedCatalogSchema = z.object({
  currencies: z
    .array(
      z.object({
        code: z.string().min(3),
        name: z.string(),
        name_plural: z.string(),
        symbol: z.string(),
        symbol_native: z.string(),
        template: z.string().includes("$1"),
        decimal_digits: z.number().int().min(0).max(4),
      }),
    )
    .min(1),
  products: z.array(seedProductSchema).min(1),
});

export type SeedCatalog = z.infer<typeof seedCatalogSchema>;
export type SeedProduct = z.infer<typeof seedProductSchema>;

export const seedFolder = path.join(packageRoot, "seed");
export const seedImagesFolder = path.join(seedFolder, "images");

export async function readSeedCatalog(file = path.join(seedFolder, "catalog.json")): Promise<SeedCatalog> {
  return seedCatalogSchema.parse(JSON.parse(await readFile(file, "utf8")));
}

/** Image references in the seed are file names in seed/images, served under /images/. */
function imagePath(file: string): string {
  return `/images/${file}`;
}

/**
 * Loads the catalogue into an empty database in one transaction.
 * Returns false, touching nothing, when products already exist.
 */
export async function seedIfEmpty(db: Database, catalog: SeedCatalog): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(products);
    if ((existing?.total ?? 0) > 0) return false;
    const currencyCode = catalog.currencies[0]?.code ?? "NPR";
    await tx.insert(currencies).values(catalog.currencies.map(currencyRow));
    for (const product of catalog.products) {
      const createdAt = new Date(product.created_at);
      await tx.insert(products).values({
        id: product.id,
        title: product.title,
        subtitle: product.subtitle,
        ribbonText: product.ribbon_text,
        description: product.description,
        thumbnail: product.thumbnail === null ? null : imagePath(product.thumbnail),
        purchasable: product.purchasable,
        sortOrder: product.order,
        siteProductSelection: product.site_product_selection,
        status: "published",
        typeValue: "physical",
        extras: productExtras(product),
        facts: product.facts === undefined ? null : seedFacts(product.id, product.facts),
        createdAt,
        updatedAt: createdAt,
      });
      if (product.images.length > 0) {
        await tx.insert(productImages).values(
          product.images.map((file, index) => ({
            productId: product.id,
            url: imagePath(file),
            sortOrder: index + 1,
            type: "image",
          })),
        );
      }
      await tx.insert(variants).values(
        product.variants.map((variant, index) => ({
          id: variant.id,
          productId: product.id,
          title: variant.title,
          imageUrl: variant.image === null ? null : imagePath(variant.image),
          sku: variant.sku,
          sortOrder: index + 1,
          manageInventory: variant.manage_inventory,
          weight: variant.weight,
          stockOnHand: variant.stock,
          stockReserved: 0,
          updatedAt: createdAt,
        })),
      );
      await tx.insert(variantPrices).values(
        product.variants.flatMap((variant) => [
          { variantId: variant.id, currencyCode, amount: variant.amount, saleAmount: variant.sale_amount },
          ...Object.entries(variant.prices)
            .filter(([code]) => code !== currencyCode)
            .map(([code, price]) => ({
              variantId: variant.id,
              currencyCode: code,
              amount: price.amount,
              saleAmount: price.sale_amount,
            })),
        ]),
      );
    }
    return true;
  });
}

/** The seed's panel as the catalogue stores it, checked by the same rules as the back office's. */
function seedFacts(productId: string, facts: z.infer<typeof seedFactsSchema>): ProductFacts {
  const parsed = parseProductFacts({
    servingSize: facts.serving_size,
    servingsPerContainer: facts.servings_per_container,
    amounts: facts.amounts.map((row) => ({ name: row.name, amount: row.amount, dailyValue: row.daily_value })),
    ingredients: facts.ingredients,
    warnings: facts.warnings,
  });
  if (!parsed.ok) throw new Error(`The seed's facts of ${productId} are not valid: ${JSON.stringify(parsed.problems)}`);
  return parsed.value;
}

function currencyRow(currency: SeedCatalog["currencies"][number]) {
  return {
    code: currency.code,
    name: currency.name,
    namePlural: currency.name_plural,
    symbol: currency.symbol,
    symbolNative: currency.symbol_native,
    template: currency.template,
    decimalDigits: currency.decimal_digits,
  };
}

/**
 * Adds the contract's markets the database does not have yet, with their currencies, and gives the seed's
 * variants that exist a price in each new market's currency, from the seed's price lists. A market
 * already in the database stays as the owner set it, prices included. Returns the markets added.
 */
export async function seedMarkets(db: Database, catalog: SeedCatalog): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.insert(currencies).values(catalog.currencies.map(currencyRow)).onConflictDoNothing();
    const known = new Set((await tx.select({ code: currencies.code }).from(currencies)).map((row) => row.code));
    const added = await tx
      .insert(markets)
      .values(
        defaultMarkets
          .filter((market) => known.has(market.currencyCode))
          .map((market, index) => ({
            code: market.code,
            name: market.name,
            countries: [...market.countries],
            currencyCode: market.currencyCode,
            locale: market.locale,
            pricesIncludeTax: market.pricesIncludeTax,
            taxName: market.tax?.name ?? null,
            taxRateBasisPoints: market.tax?.rateBasisPoints ?? null,
            taxRegistration: null,
            paymentMethods: [...market.paymentMethods],
            sortOrder: index + 1,
          })),
      )
      .onConflictDoNothing()
      .returning({ code: markets.code, currencyCode: markets.currencyCode });
    const newCurrencies = new Set(added.map((market) => market.currencyCode));
    const seedVariants = catalog.products.flatMap((product) => product.variants);
    const existing =
      seedVariants.length === 0
        ? []
        : await tx
            .select({ id: variants.id })
            .from(variants)
            .where(
              inArray(
                variants.id,
                seedVariants.map((variant) => variant.id),
              ),
            );
    const present = new Set(existing.map((row) => row.id));
    const prices = seedVariants
      .filter((variant) => present.has(variant.id))
      .flatMap((variant) =>
        Object.entries(variant.prices)
          .filter(([code]) => newCurrencies.has(code))
          .map(([code, price]) => ({
            variantId: variant.id,
            currencyCode: code,
            amount: price.amount,
            saleAmount: price.sale_amount,
          })),
      );
    if (prices.length > 0) await tx.insert(variantPrices).values(prices).onConflictDoNothing();
    return added.map((market) => market.code);
  });
}

function productExtras(product: SeedProduct) {
  const optionId = `opt_${product.id}_style`;
  return {
    options:
      product.variants.length > 1
        ? [
            {
              id: optionId,
              title: "Style",
              values: product.variants.map((variant) => ({
                id: `optval_${variant.id}`,
                option_id: optionId,
                variant_id: variant.id,
                value: variant.title,
              })),
            },
          ]
        : [],
    product_collections: [{ product_id: product.id, collection_id: "col_shilajit", order: product.order }],
    additional_info: product.additional_info.map((info, index) => ({ ...info, order: index + 1 })),
    custom_fields: [],
    related_products: [],
    metadata: {},
  };
}

/**
 * Gives every country of the shop's published offer its shipping rate, in each currency the offer names
 * that the catalogue has, leaving rates already in the database as the owner set them.
 * Returns how many rates were added.
 */
export async function seedShippingRates(db: Database): Promise<number> {
  const known = new Set((await db.select({ code: currencies.code }).from(currencies)).map((row) => row.code));
  const rows = offeredRates
    .filter((rate) => known.has(rate.currencyCode))
    .map((rate) => ({
      countryCode: rate.country,
      currencyCode: rate.currencyCode,
      amount: rate.amount,
      minDays: rate.transitDays.min,
      maxDays: rate.transitDays.max,
    }));
  if (rows.length === 0) return 0;
  const added = await db.insert(shippingRates).values(rows).onConflictDoNothing().returning();
  return added.length;
}
