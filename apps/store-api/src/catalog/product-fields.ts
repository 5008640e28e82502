import type {
  AdminProductFields,
  AdminProductSection,
  AdminVariantFields,
  ProductStatus,
  VariantSelection,
} from "@herbo/hosted-api/admin";
import type { ProductExtras } from "../db/schema.ts";

/** Labels of the product's fields as the back office names them, for the history. */
const productFieldLabels: Record<keyof AdminProductFields, string> = {
  title: "Title",
  subtitle: "Subtitle",
  ribbonText: "Ribbon",
  descriptionHtml: "Description",
  sections: "Sections",
  purchasable: "For sale",
  variantSelection: "Variant shown first",
  sortOrder: "Order in the store",
  status: "Status",
  relatedProductIds: "Related products",
};

const variantFieldLabels: Record<keyof AdminVariantFields, string> = {
  title: "title",
  sku: "SKU",
  gtin: "GTIN",
  mpn: "MPN",
  weight: "weight",
  manageInventory: "stock counting",
};

function changedKeys<T extends object>(before: Partial<T>, after: Partial<T>, keys: readonly (keyof T)[]): (keyof T)[] {
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** "Title", "Status": the product fields that differ between two saved versions, in the form's order. */
export function changedProductFields(
  before: Partial<AdminProductFields>,
  after: Partial<AdminProductFields>,
): string[] {
  const keys = Object.keys(productFieldLabels) as (keyof AdminProductFields)[];
  return changedKeys(before, after, keys).map((key) => productFieldLabels[key]);
}

/** "Variant 10 g: SKU, weight", or "Variant 10 g added" when there was nothing before. */
export function describeVariantChange(before: Partial<AdminVariantFields> | null, after: AdminVariantFields): string {
  if (before === null) return `Variant ${after.title} added`;
  const keys = Object.keys(variantFieldLabels) as (keyof AdminVariantFields)[];
  const changed = changedKeys(before, after, keys).map((key) => variantFieldLabels[key]);
  return `Variant ${after.title}: ${changed.length === 0 ? "no change" : changed.join(", ")}`;
}

/** The history's names for changes of a product's supplement facts and of its batches (keyed by the product). */
export const factsEntity = "product_facts";
export const batchesEntity = "product_batches";

/** What a change of the supplement facts keeps: the panel before and after (null: none). */
export interface FactsChange {
  facts: unknown;
}

/** "Supplement facts added", "Supplement facts" (changed) or "Supplement facts removed". */
export function describeFactsChange(before: Partial<FactsChange>, after: Partial<FactsChange>): string {
  const had = before.facts !== null && before.facts !== undefined;
  if (after.facts === null || after.facts === undefined) return "Supplement facts removed";
  return had ? "Supplement facts" : "Supplement facts added";
}

/** What a change of the batches keeps: the batch added, if one was, and the current batch's lot after it. */
export interface BatchChange {
  added?: { lot: string };
  current: string | null;
}

/** "Batch HS-2611 added, now current", or "Current batch: HS-2604" when an earlier one became current again. */
export function describeBatchChange(after: BatchChange): string {
  if (after.added !== undefined) return `Batch ${after.added.lot} added, now current`;
  return `Current batch: ${after.current ?? "none"}`;
}

/**
 * A product id made from its title, as the shop's URLs show it (/product/prod_mountain_honey): lower-case
 * letters and digits joined by underscores, accents dropped, and a number added when the id is taken.
 */
export function productIdFor(title: string, taken: ReadonlySet<string>): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60)
    .replace(/_+$/, "");
  const base = `prod_${words === "" ? "item" : words}`;
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}_${suffix}`)) suffix += 1;
  return `${base}_${suffix}`;
}

/**
 * The product's one option, "Style" (the storefront's variant picker, docs/storefront.md#product-page), whose
 * values are its variants' titles; a product with a single variant has no option to pick.
 */
export function styleOptions(
  productId: string,
  variants: readonly { id: string; title: string }[],
): ProductExtras["options"] {
  if (variants.length < 2) return [];
  const optionId = `opt_${productId}_style`;
  return [
    {
      id: optionId,
      title: "Style",
      values: variants.map((variant) => ({
        id: `optval_${variant.id}`,
        option_id: optionId,
        variant_id: variant.id,
        value: variant.title,
      })),
    },
  ];
}

/** The sections as the catalogue stores them: numbered from 1 in the order given. */
export function storedSections(
  productId: string,
  sections: readonly AdminProductSection[],
): ProductExtras["additional_info"] {
  return sections.map((section, index) => ({
    id: `info_${productId}_${index + 1}`,
    order: index + 1,
    title: section.title,
    description: section.descriptionHtml,
  }));
}

/** Related products as the catalogue stores them, in the order given. */
export function storedRelated(productId: string, relatedIds: readonly string[]): ProductExtras["related_products"] {
  return relatedIds.map((relatedId, index) => ({
    id: `rel_${productId}_${relatedId}`,
    section_title: "You may also like",
    related_type: "product",
    related_id: relatedId,
    position: index + 1,
  }));
}

export function isProductStatus(value: string): value is ProductStatus {
  return value === "draft" || value === "published" || value === "archived";
}

export function variantSelectionOf(value: string | null): VariantSelection | null {
  return value === "first_variant" || value === "lowest_price_first" ? value : null;
}
