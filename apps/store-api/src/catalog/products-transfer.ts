import type {
  AdminPrice,
  AdminPriceCurrency,
  AdminProductFields,
  AdminProductImportItem,
  AdminProductImportResult,
  AdminVariantFields,
} from "@herbo/hosted-api/admin";
import { randomUUID } from "node:crypto";
import { richTextShapeProblem } from "@herbo/hosted-api/rich-text-shape";
import { gtin14 } from "@herbo/hosted-api/product-identifiers";
import { asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/connection.ts";
import { cleanRichTextsInTurn } from "./rich-text.ts";
import { catalogChanges, products, variantPrices, variants } from "../db/schema.ts";
import { saleCurrencies } from "./prices.ts";
import { markVariantsProductChanged } from "./product-changed.ts";
import { changedProductFields, isProductStatus, productIdFor } from "./product-fields.ts";
import {
  duplicateGtinMessage,
  fieldsOf,
  insertVariant,
  newProductRow,
  productEntity,
  refreshOptions,
  variantEntity,
  variantFieldsOf,
  writeChange,
} from "./product-edits.ts";
import {
  changedPrices,
  descriptionColumn,
  descriptionMaxLength,
  priceColumn,
  productsCsv,
  readCsvRows,
  readProductsCsv,
  type CsvProblem,
  type FileProduct,
  type FileVariant,
  type TextCell,
} from "./products-csv.ts";
import { dayOf } from "../shop-time.ts";

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

/** How many creations, changes and problems an answer lists (the counts are always whole). */
const listedMost = 200;

/** Every product, drafts and archived ones too, with its variants and prices, as a CSV file named by the shop's day. */
export async function exportProducts(db: Database, now: Date): Promise<{ filename: string; csv: string }> {
  const [currencies, productRows, variantRows, priceRows] = await Promise.all([
    saleCurrencies(db),
    db.select().from(products).where(isNull(products.deletedAt)).orderBy(asc(products.sortOrder), asc(products.id)),
    db.select().from(variants).orderBy(asc(variants.sortOrder), asc(variants.id)),
    db.select().from(variantPrices),
  ]);
  const csv = productsCsv(
    productRows.map((row) => ({
      id: row.id,
      version: row.version,
      title: row.title,
      status: isProductStatus(row.status) ? row.status : "draft",
      subtitle: row.subtitle,
      ribbonText: row.ribbonText,
      descriptionHtml: row.description,
      purchasable: row.purchasable,
      sortOrder: row.sortOrder,
      variants: variantRows
        .filter((variant) => variant.productId === row.id)
        .map((variant) => ({
          ...variantFieldsOf(variant),
          id: variant.id,
          version: variant.version,
          prices: priceRows.filter((price) => price.variantId === variant.id),
        })),
    })),
    currencies,
  );
  return { filename: `products-${dayOf(now)}.csv`, csv };
}

interface VariantStep {
  line: number;
  /** Null: a new variant. */
  existing: VariantRow | null;
  fields: AdminVariantFields;
  fieldChanges: string[];
  /** Every price of the variant before and after, in the markets' order. */
  pricesBefore: AdminPrice[];
  pricesAfter: AdminPrice[];
}

interface ProductStep {
  line: number;
  /** Null: a new product. */
  existing: ProductRow | null;
  fields: AdminProductFields;
  changes: string[];
  /** The variants created or changed, in the file's order. */
  variants: VariantStep[];
}

interface ImportPlan {
  steps: ProductStep[];
  problems: CsvProblem[];
  /** Lines left out because they would undo a change made since the file was exported. */
  refused: CsvProblem[];
}

const variantLabels: [keyof AdminVariantFields, string][] = [
  ["title", "Title"],
  ["sku", "SKU"],
  ["gtin", "GTIN"],
  ["mpn", "MPN"],
  ["weight", "Weight"],
  ["manageInventory", "Stock counting"],
];

/** The stored value when the file gives it back as it is (so a round trip never rewrites it), else the cleaned one. */
function chosen(cell: TextCell, stored: string | null | undefined): string {
  return stored !== undefined && stored !== null && cell.given === stored ? stored : cell.clean;
}

function optional(cell: TextCell, stored: string | null | undefined): string | null {
  if (stored !== undefined && cell.given === (stored ?? "")) return stored;
  return cell.clean === "" ? null : cell.clean;
}

function byCurrency(prices: AdminPrice[], order: readonly string[]): AdminPrice[] {
  return prices.sort((left, right) => order.indexOf(left.currencyCode) - order.indexOf(right.currencyCode));
}

/** What the database holds of the file's products and variants; locked when the import is applied. */
async function currentState(db: Database | Transaction, file: readonly FileProduct[], lock: boolean) {
  const productIds = file.flatMap((product) => (product.id === null ? [] : [product.id]));
  const variantIds = file.flatMap((product) => product.variants.flatMap((variant) => variant.id ?? []));
  const productQuery = db
    .select()
    .from(products)
    .where(productIds.length === 0 ? sql`false` : inArray(products.id, productIds))
    .orderBy(asc(products.id));
  const productRows = (lock ? await productQuery.for("update") : await productQuery).filter(
    (row) => row.deletedAt === null,
  );
  const variantQuery = db
    .select()
    .from(variants)
    .where(
      or(
        productIds.length === 0 ? sql`false` : inArray(variants.productId, productIds),
        variantIds.length === 0 ? sql`false` : inArray(variants.id, variantIds),
      ),
    )
    .orderBy(asc(variants.sortOrder), asc(variants.id));
  const variantRows = lock ? await variantQuery.for("update") : await variantQuery;
  const priceRows =
    variantRows.length === 0
      ? []
      : await db
          .select()
          .from(variantPrices)
          .where(
            inArray(
              variantPrices.variantId,
              variantRows.map((variant) => variant.id),
            ),
          );
  const skus = await db
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(sql`${variants.sku} IS NOT NULL`);
  const gtins = await db
    .select({ id: variants.id, gtin: variants.gtin, title: variants.title, productTitle: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(isNotNull(variants.gtin));
  const [last] = await db.select({ sortOrder: sql<number>`coalesce(max(${products.sortOrder}), 0)` }).from(products);
  return {
    products: new Map(productRows.map((row) => [row.id, row])),
    variants: variantRows,
    prices: (variantId: string): AdminPrice[] =>
      priceRows
        .filter((price) => price.variantId === variantId)
        .map((price) => ({ currencyCode: price.currencyCode, amount: price.amount, saleAmount: price.saleAmount })),
    skuOwners: new Map(skus.map((row) => [(row.sku ?? "").toLowerCase(), row.id])),
    /** Each variant with a GTIN, by its 14-digit form (as the unique index compares them). */
    gtinOwners: new Map(gtins.map((row) => [gtin14(row.gtin ?? ""), row])),
    lastSortOrder: Number(last?.sortOrder ?? 0),
  };
}

type State = Awaited<ReturnType<typeof currentState>>;

/** The prices after the file's: its currencies set (an empty sale cell ends a sale), the others kept. */
function mergedPrices(before: readonly AdminPrice[], variant: FileVariant, order: readonly string[]): AdminPrice[] {
  const after = before.filter((price) => !variant.prices.some((given) => given.currencyCode === price.currencyCode));
  return byCurrency([...after, ...variant.prices.map((price) => ({ ...price }))], order);
}

/**
 * Compares the file with the database: what each product and variant becomes, and every problem that
 * only the database shows (an unknown id, a variant of another product, a SKU another variant has, a
 * product on sale without a price in every market's currency). Writes nothing. The `withheld` lines are
 * left out: their variants stay as they are, and so do their product's fields, which each of its lines carries.
 */
function planImport(
  file: readonly FileProduct[],
  state: State,
  currencies: readonly AdminPriceCurrency[],
  withheld: ReadonlySet<number> = new Set(),
): Omit<ImportPlan, "refused"> {
  const order = currencies.map((currency) => currency.code);
  const problems: CsvProblem[] = [];
  const steps: ProductStep[] = [];
  // Variants whose lines are imported: a SKU or GTIN may move between them. A withheld line's variant keeps its own.
  const fileVariantIds = new Set(
    file.flatMap((product) =>
      product.variants.flatMap((variant) => (withheld.has(variant.line) ? [] : (variant.id ?? []))),
    ),
  );
  let nextSortOrder = state.lastSortOrder;
  for (const product of file) {
    const existing = product.id === null ? null : (state.products.get(product.id) ?? null);
    if (product.id !== null && existing === null) {
      problems.push({
        line: product.line,
        column: "product_id",
        message: `There is no product ${product.id}; leave product_id empty to add a new product`,
      });
      continue;
    }
    const stored = existing === null ? undefined : fieldsOf(existing);
    const lines = productLines(product);
    if (lines.every((line) => withheld.has(line))) continue;
    const given = product.fields;
    const keep = stored !== undefined && lines.some((line) => withheld.has(line));
    const fields: AdminProductFields = keep
      ? stored
      : {
          sections: stored?.sections ?? [],
          variantSelection: stored?.variantSelection ?? null,
          relatedProductIds: stored?.relatedProductIds ?? [],
          title: chosen(given.title, stored?.title),
          subtitle: optional(given.subtitle, stored?.subtitle),
          ribbonText: optional(given.ribbon, stored?.ribbonText),
          descriptionHtml: chosen(given.description, stored?.descriptionHtml),
          purchasable: given.purchasable,
          sortOrder: given.sortOrder ?? stored?.sortOrder ?? nextSortOrder + 1,
          status: given.status,
        };
    if (given.sortOrder === null && stored === undefined) nextSortOrder += 1;
    const step: ProductStep = {
      line: product.line,
      existing,
      fields,
      changes: stored === undefined ? [] : changedProductFields(stored, fields),
      variants: [],
    };
    /** Each variant the product will have, with its prices and the line that names it. */
    const outcome = new Map<string, { title: string; line: number | null; prices: AdminPrice[] }>();
    for (const row of state.variants) {
      if (existing !== null && row.productId === existing.id) {
        outcome.set(row.id, { title: row.title, line: null, prices: state.prices(row.id) });
      }
    }
    for (const [index, variant] of product.variants.entries()) {
      if (withheld.has(variant.line)) continue;
      const row = variant.id === null ? null : (state.variants.find((entry) => entry.id === variant.id) ?? null);
      if (variant.id !== null && row === null) {
        problems.push({
          line: variant.line,
          column: "variant_id",
          message: `There is no variant ${variant.id}; leave variant_id empty to add a new variant`,
        });
        continue;
      }
      if (row !== null && row.productId !== existing?.id) {
        problems.push({
          line: variant.line,
          column: "variant_id",
          message: `This variant belongs to the product ${row.productId}, not to this line's product`,
        });
        continue;
      }
      const owner = variant.sku === null ? undefined : state.skuOwners.get(variant.sku.toLowerCase());
      if (owner !== undefined && owner !== variant.id && !fileVariantIds.has(owner)) {
        problems.push({
          line: variant.line,
          column: "sku",
          message: `Another variant already has the SKU ${variant.sku}`,
        });
      }
      const before = row === null ? undefined : variantFieldsOf(row);
      const fields: AdminVariantFields = {
        title: chosen(variant.title, before?.title),
        sku: variant.sku,
        // A file without the column keeps what the variant has.
        gtin: variant.gtin === undefined ? (before?.gtin ?? null) : variant.gtin,
        mpn: variant.mpn === undefined ? (before?.mpn ?? null) : variant.mpn,
        weight: variant.weight,
        manageInventory: variant.manageInventory,
      };
      const gtinOwner = fields.gtin === null ? undefined : state.gtinOwners.get(gtin14(fields.gtin));
      if (gtinOwner !== undefined && gtinOwner.id !== variant.id && !fileVariantIds.has(gtinOwner.id)) {
        problems.push({
          line: variant.line,
          column: "gtin",
          message: duplicateGtinMessage(fields.gtin ?? "", gtinOwner.productTitle, gtinOwner.title),
        });
      }
      const pricesBefore = row === null ? [] : byCurrency(state.prices(row.id), order);
      const pricesAfter = mergedPrices(pricesBefore, variant, order);
      outcome.set(row?.id ?? `new_${index}`, { title: fields.title, line: variant.line, prices: pricesAfter });
      const fieldChanges =
        before === undefined
          ? []
          : variantLabels.filter(([key]) => before[key] !== fields[key]).map(([, label]) => label);
      const pricesChanged = JSON.stringify(pricesBefore) !== JSON.stringify(pricesAfter);
      if (row === null || fieldChanges.length > 0 || pricesChanged) {
        step.variants.push({
          line: variant.line,
          existing: row,
          fields,
          fieldChanges: pricesChanged && row !== null ? [...fieldChanges, "Prices"] : fieldChanges,
          pricesBefore,
          pricesAfter,
        });
      }
    }
    const changed = existing === null || step.changes.length > 0 || step.variants.length > 0;
    if (changed && fields.status === "published") problems.push(...publishProblems(step, [...outcome.values()], order));
    if (changed) steps.push(step);
  }
  return { steps, problems };
}

/** The lines of a product in the file: its first, where its fields are read, and each variant's. */
function productLines(product: FileProduct): number[] {
  return [...new Set([product.line, ...product.variants.map((variant) => variant.line)])];
}

const variantChangeLabels: Record<keyof AdminVariantFields, string> = {
  title: "variant title",
  sku: "SKU",
  gtin: "GTIN",
  mpn: "MPN",
  weight: "weight",
  manageInventory: "stock counting",
};

/**
 * The lines that would undo a save made in the back office after the file was exported: the product or
 * variant a line names has a newer version than the line carries (or the line carries none), and the line
 * would change it. Each is named with what it would change; a line that changes nothing is never refused,
 * so importing the same file twice stays harmless.
 */
function refusedLines(file: readonly FileProduct[], state: State, plan: Pick<ImportPlan, "steps">): CsvProblem[] {
  const refused: CsvProblem[] = [];
  for (const product of file) {
    const existing = product.id === null ? undefined : state.products.get(product.id);
    if (existing === undefined) continue;
    const step = plan.steps.find((entry) => entry.existing?.id === existing.id);
    const productBehind = product.version !== existing.version;
    const productChanges = productBehind ? (step?.changes ?? []).map((label) => label.toLowerCase()) : [];
    for (const line of productLines(product)) {
      const variant = product.variants.find((entry) => entry.line === line);
      const row = state.variants.find((entry) => variant?.id !== null && entry.id === variant?.id);
      const variantBehind = variant !== undefined && row !== undefined && variant.version !== row.version;
      const variantStep = variantBehind ? step?.variants.find((entry) => entry.line === line) : undefined;
      const before =
        variantStep?.existing === null || variantStep === undefined ? undefined : variantFieldsOf(variantStep.existing);
      const variantChanges =
        variantStep === undefined || before === undefined
          ? []
          : [
              ...variantLabels
                .filter(([key]) => before[key] !== variantStep.fields[key])
                .map(([key]) => variantChangeLabels[key]),
              ...changedPrices(variantStep.pricesBefore, variantStep.pricesAfter),
            ];
      const changes = [...productChanges, ...variantChanges];
      if (changes.length === 0) continue;
      const name = row === undefined ? existing.title : `${existing.title}, ${row.title}`;
      const unversioned =
        (productChanges.length > 0 && product.version === null) ||
        (variantChanges.length > 0 && variant?.version === null);
      refused.push({
        line,
        column: null,
        message: unversioned
          ? `${name} has no version in this file, so the import cannot tell whether it was changed in the back office since (it would change ${changes.join(", ")}). Export again and redo your change in the new file.`
          : `${name} was changed in the back office after this file was exported (${changes.join(", ")}). Export again and redo your change.`,
      });
    }
  }
  return refused;
}

/** The publish rule of the editor: a product on sale has a variant, and each a price in every market's currency. */
function publishProblems(
  step: ProductStep,
  outcome: { title: string; line: number | null; prices: AdminPrice[] }[],
  order: readonly string[],
): CsvProblem[] {
  if (outcome.length === 0) {
    return [{ line: step.line, column: "status", message: "Add a variant before publishing" }];
  }
  return outcome.flatMap((variant) => {
    const missing = order.filter((currency) => !variant.prices.some((price) => price.currencyCode === currency));
    if (missing.length === 0) return [];
    return [
      {
        line: variant.line ?? step.line,
        column: variant.line === null ? "status" : priceColumn(missing[0] ?? ""),
        message: `Set the prices of ${variant.title} in ${missing.join(", ")} before publishing: every market needs one`,
      },
    ];
  });
}

/** Writes the plan: creations and changes with their history, as the editor writes them, versions up by one. */
async function applyPlan(tx: Transaction, plan: ImportPlan, actor: string, now: Date): Promise<void> {
  // SKUs and GTINs may move between variants of the file: free them first, since the unique indexes check each
  // statement.
  for (const key of ["sku", "gtin"] as const) {
    const moved = plan.steps.flatMap((step) =>
      step.variants.flatMap((variant) =>
        variant.existing !== null && variant.existing[key] !== variant.fields[key] ? [variant.existing.id] : [],
      ),
    );
    if (moved.length > 0) {
      await tx
        .update(variants)
        .set({ [key]: null })
        .where(inArray(variants.id, moved));
    }
  }
  const taken = new Set((await tx.select({ id: products.id }).from(products)).map((row) => row.id));
  for (const step of plan.steps) {
    let productId: string;
    if (step.existing === null) {
      productId = productIdFor(step.fields.title, taken);
      taken.add(productId);
      await tx.insert(products).values(newProductRow(productId, step.fields, now));
      await writeChange(tx, { actor, entity: productEntity, entityId: productId, before: {}, after: step.fields }, now);
    } else {
      productId = step.existing.id;
      if (step.changes.length > 0) await updateProductFields(tx, step.existing, step.fields, actor, now);
    }
    let titlesChanged = false;
    for (const variant of step.variants) {
      if (variant.existing === null) {
        await insertVariant(tx, { productId, actor, fields: variant.fields, prices: variant.pricesAfter }, now);
        continue;
      }
      titlesChanged ||= variant.existing.title !== variant.fields.title;
      await updateVariantAndPrices(tx, variant, variant.existing, actor, now);
    }
    if (titlesChanged) await refreshOptions(tx, productId, now);
  }
}

async function updateProductFields(
  tx: Transaction,
  row: ProductRow,
  fields: AdminProductFields,
  actor: string,
  now: Date,
): Promise<void> {
  await tx
    .update(products)
    .set({
      title: fields.title,
      subtitle: fields.subtitle,
      ribbonText: fields.ribbonText,
      description: fields.descriptionHtml,
      purchasable: fields.purchasable,
      sortOrder: fields.sortOrder,
      status: fields.status,
      version: row.version + 1,
      updatedAt: now,
    })
    .where(eq(products.id, row.id));
  await writeChange(tx, { actor, entity: productEntity, entityId: row.id, before: fieldsOf(row), after: fields }, now);
}

async function updateVariantAndPrices(
  tx: Transaction,
  step: VariantStep,
  row: VariantRow,
  actor: string,
  now: Date,
): Promise<void> {
  await markVariantsProductChanged(tx, row.id, now);
  await tx
    .update(variants)
    .set({ ...step.fields, version: row.version + 1, updatedAt: now })
    .where(eq(variants.id, row.id));
  const before = variantFieldsOf(row);
  if (variantLabels.some(([key]) => before[key] !== step.fields[key])) {
    await writeChange(tx, { actor, entity: variantEntity, entityId: row.id, before, after: step.fields }, now);
  }
  if (JSON.stringify(step.pricesBefore) === JSON.stringify(step.pricesAfter)) return;
  for (const price of step.pricesAfter) {
    await tx
      .insert(variantPrices)
      .values({ variantId: row.id, ...price })
      .onConflictDoUpdate({
        target: [variantPrices.variantId, variantPrices.currencyCode],
        set: { amount: price.amount, saleAmount: price.saleAmount },
      });
  }
  await tx.insert(catalogChanges).values({
    id: `cc_${randomUUID()}`,
    at: now,
    actor,
    entity: "variant_prices",
    entityId: row.id,
    before: step.pricesBefore,
    after: step.pricesAfter,
  });
}

function resultOf(plan: ImportPlan, applied: boolean): AdminProductImportResult {
  const refused = [...plan.refused].sort((left, right) => left.line - right.line);
  const items: AdminProductImportItem[] = [];
  const count = { products: { create: 0, update: 0 }, variants: { create: 0, update: 0 } };
  for (const step of plan.steps) {
    if (step.existing === null || step.changes.length > 0) {
      count.products[step.existing === null ? "create" : "update"] += 1;
      items.push({
        line: step.line,
        kind: "product",
        action: step.existing === null ? "create" : "update",
        title: step.fields.title,
        changes: step.changes,
      });
    }
    for (const variant of step.variants) {
      count.variants[variant.existing === null ? "create" : "update"] += 1;
      items.push({
        line: variant.line,
        kind: "variant",
        action: variant.existing === null ? "create" : "update",
        title: `${step.fields.title} · ${variant.fields.title}`,
        changes: variant.fieldChanges,
      });
    }
  }
  const problems = [...plan.problems].sort((left, right) => left.line - right.line);
  return {
    applied,
    ...count,
    items: items.slice(0, listedMost),
    problems: problems.slice(0, listedMost),
    problemCount: problems.length,
    refused: refused.slice(0, listedMost),
    refusedCount: refused.length,
  };
}

/** The plan without the refused lines, as the check shows it and the import writes it. */
function planWithRefusals(
  file: readonly FileProduct[],
  state: State,
  currencies: readonly AdminPriceCurrency[],
): ImportPlan {
  const whole = planImport(file, state, currencies);
  const refused = refusedLines(file, state, whole);
  if (refused.length === 0) return { ...whole, refused };
  return { ...planImport(file, state, currencies, new Set(refused.map((line) => line.line))), refused };
}

/**
 * Cleans the file's descriptions one at a time, yielding between them, before the file is read in one go:
 * only those of a shape the reader takes (the rest it refuses without cleaning).
 */
async function cleanDescriptionsInTurn(csv: string): Promise<void> {
  const rows = readCsvRows(csv);
  if (!rows.ok) return;
  const descriptions = new Set(rows.value.rows.map((row) => row.cells.get(descriptionColumn) ?? ""));
  await cleanRichTextsInTurn(
    [...descriptions].filter((html) => html.length <= descriptionMaxLength && richTextShapeProblem(html) === undefined),
  );
}

/**
 * Checks a products CSV against the catalogue and, when `apply` is true and it has no problem, saves it in
 * one transaction: new products and variants created, changed ones updated with their history, the rest
 * of the catalogue and every stock level untouched. Nothing is written while any problem remains.
 */
export async function importProducts(
  db: Database,
  input: { csv: string; apply: boolean; actor: string },
  now: Date,
): Promise<AdminProductImportResult> {
  const currencies = await saleCurrencies(db);
  await cleanDescriptionsInTurn(input.csv);
  const read = readProductsCsv(input.csv, currencies);
  if (!read.ok) return resultOf({ steps: [], problems: read.problems, refused: [] }, false);
  const file = read.value;
  if (!input.apply) return resultOf(planWithRefusals(file, await currentState(db, file, false), currencies), false);
  return db.transaction(async (tx) => {
    const plan = planWithRefusals(file, await currentState(tx, file, true), currencies);
    if (plan.problems.length > 0) return resultOf(plan, false);
    await applyPlan(tx, plan, input.actor, now);
    return resultOf(plan, true);
  });
}
