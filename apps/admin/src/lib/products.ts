import { parseGtin, parseMpn } from "@herbo/hosted-api";
import type { AdminProductFields, AdminVariantFields, ProductStatus, VariantSelection } from "@herbo/hosted-api/admin";
import type { Tone } from "./labels.ts";

export const productStatusLabels: Record<ProductStatus, string> = {
  draft: "Draft",
  published: "On sale",
  archived: "Archived",
};

export const productStatusHelp: Record<ProductStatus, string> = {
  draft: "Only you see it.",
  published: "Shoppers see and buy it.",
  archived: "Gone from the shop; its address answers that it is no longer sold. Old orders keep it.",
};

export function productStatusTone(status: ProductStatus): Tone {
  if (status === "published") return "good";
  if (status === "archived") return "plain";
  return "warn";
}

export const variantSelectionLabels: Record<VariantSelection | "", string> = {
  "": "The shop's default (the cheapest)",
  lowest_price_first: "The cheapest",
  first_variant: "The first in the list",
};

/** The form's value of a variant rule: "" for the shop's default. */
export function variantSelectionOf(value: string): VariantSelection | null {
  return value === "first_variant" || value === "lowest_price_first" ? value : null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A place in the store's order: a whole number from 0. */
export function parseSortOrder(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return { ok: false, message: "The order in the store is a whole number, 0 or more." };
  return { ok: true, value: Number(trimmed) };
}

/** A weight in kilograms as typed ("0.06", "0,06"); empty means unknown. */
export function parseWeight(text: string): Parsed<number | null> {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return { ok: true, value: null };
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(trimmed)) {
    return { ok: false, message: "Weigh it in kilograms, e.g. 0.06 for 60 g (up to 3 decimals)." };
  }
  const value = Number(trimmed);
  if (value > 1000) return { ok: false, message: "A parcel weighs at most 1000 kg." };
  return { ok: true, value };
}

/** The variant fields read by the contract's rules for product feeds, as the store API reads them. */
export type IdentifierField = "gtin" | "mpn";
/** Each identifier field's problem, shown on that field. */
export type IdentifierErrors = Partial<Record<IdentifierField, string>>;

const identifierParsers = { gtin: parseGtin, mpn: parseMpn };

/** Why an identifier field's text cannot be saved, or undefined when it can (empty included: none). */
export function identifierError(field: IdentifierField, text: string): string | undefined {
  const parsed = identifierParsers[field](text);
  return parsed.ok ? undefined : parsed.message;
}

/** A variant's form read: its fields, or its problems (a title or weight one for the form, others per field). */
export type VariantFormReading =
  { ok: true; value: AdminVariantFields } | { ok: false; message: string | undefined; fieldErrors: IdentifierErrors };

/**
 * A variant's fields from its form (`title`, `sku`, `gtin`, `mpn`, `weight`, `manageInventory`). The GTIN and MPN
 * are read by the contract's rules, so the form refuses what the store API would; empty means none.
 */
export function variantFieldsOf(read: (name: string) => string | null): VariantFormReading {
  const gtin = parseGtin(read("gtin") ?? "");
  const mpn = parseMpn(read("mpn") ?? "");
  const fieldErrors: IdentifierErrors = {
    ...(gtin.ok ? {} : { gtin: gtin.message }),
    ...(mpn.ok ? {} : { mpn: mpn.message }),
  };
  const title = (read("title") ?? "").trim();
  if (title === "") return { ok: false, message: "Give the variant a title, e.g. 20 g.", fieldErrors };
  const weight = parseWeight(read("weight") ?? "");
  if (!weight.ok) return { ok: false, message: weight.message, fieldErrors };
  if (!gtin.ok || !mpn.ok) return { ok: false, message: undefined, fieldErrors };
  const sku = (read("sku") ?? "").trim();
  return {
    ok: true,
    value: {
      title,
      sku: sku === "" ? null : sku,
      gtin: gtin.value,
      mpn: mpn.value,
      weight: weight.value,
      manageInventory: read("manageInventory") === "on",
    },
  };
}

/** The list's address for a search and a status: "/products?search=tin&status=draft". */
export function productListQuery(search: string, status: string): string {
  const params = new URLSearchParams();
  if (search.trim() !== "") params.set("search", search.trim());
  if (status === "draft" || status === "published" || status === "archived") params.set("status", status);
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** The fields the product form edits and saves, as the product has them now. */
export function productFieldsOf(product: AdminProductFields): AdminProductFields {
  return {
    title: product.title,
    subtitle: product.subtitle,
    ribbonText: product.ribbonText,
    descriptionHtml: product.descriptionHtml,
    sections: product.sections,
    purchasable: product.purchasable,
    variantSelection: product.variantSelection,
    sortOrder: product.sortOrder,
    status: product.status,
    relatedProductIds: product.relatedProductIds,
  };
}
