/**
 * The back office's product editor: `/admin/api/products*` and `/admin/api/variants/{id}`.
 * Re-exported by `@herbo/hosted-api/admin`.
 */

import type { ProductFacts } from "./product-facts.ts";

export const productStatuses = ["draft", "published", "archived"] as const;
/** Draft: only the owner sees it. Published: for sale. Archived: gone from the shop, kept for old orders. */
export type ProductStatus = (typeof productStatuses)[number];

/** Which variant a product page and card start from: the first listed, or the cheapest. Null: the first. */
export const variantSelections = ["first_variant", "lowest_price_first"] as const;
export type VariantSelection = (typeof variantSelections)[number];

/** A row of the products list. */
export interface AdminProductSummary {
  id: string;
  title: string;
  status: ProductStatus;
  variantCount: number;
  /** The variants' SKUs, for finding a product by one. */
  skus: string[];
  sortOrder: number;
  updatedAt: string;
}

/** GET /admin/api/products?search=&status= */
export interface AdminProductList {
  products: AdminProductSummary[];
}

/** One of the titled sections below a product's description ("How to use"). */
export interface AdminProductSection {
  title: string;
  /** HTML, sanitized by the store API with the storefront's rules. */
  descriptionHtml: string;
}

export interface AdminProductVariant {
  id: string;
  title: string;
  sku: string | null;
  /** The barcode's number (GTIN-8, -12, -13 or -14) for product feeds; null when the owner set none. */
  gtin: string | null;
  /** The manufacturer part number for product feeds; null when the owner set none. */
  mpn: string | null;
  /** Kilograms; null when unknown. */
  weight: number | null;
  /** Counted stock: a sale takes units and stops at none. Off: always available. */
  manageInventory: boolean;
  version: number;
}

/** The fields the owner edits on a product page: PUT's body without the version, and GET's content. */
export interface AdminProductFields {
  title: string;
  subtitle: string | null;
  ribbonText: string | null;
  descriptionHtml: string;
  sections: AdminProductSection[];
  purchasable: boolean;
  variantSelection: VariantSelection | null;
  sortOrder: number;
  status: ProductStatus;
  /** Other products shown with this one, in order. */
  relatedProductIds: string[];
}

export interface AdminProductChange {
  at: string;
  actor: string;
  /** What changed, in the owner's words ("Title", "Description", "Variant 10 g"). */
  fields: string[];
}

/** GET /admin/api/products/{id} */
export interface AdminProduct extends AdminProductFields {
  id: string;
  version: number;
  variants: AdminProductVariant[];
  /** Every other product, for choosing related ones. */
  otherProducts: { id: string; title: string; status: ProductStatus }[];
  /** The latest changes to the product and its variants, newest first. */
  history: AdminProductChange[];
  /** Its supplement-facts panel; null when it has none. Saved with the product's version (PUT …/facts). */
  facts: ProductFacts | null;
}

/**
 * PUT /admin/api/products/{id}/facts: the whole panel, checked with `parseProductFacts`
 * (@herbo/hosted-api/product-facts), or null to remove it; from the product's version the owner saw.
 * Answered with the product (AdminProduct), its version moved on.
 */
export interface AdminProductFactsUpdate {
  version: number;
  facts: ProductFacts | null;
}

/** A lot number as printed on the jar: 1 to 40 letters, digits, `-`, `/` and `.`. */
export const lotNumberPattern = /^[A-Za-z0-9./-]{1,40}$/;
export const lotNumberRule = "A lot number is 1 to 40 letters, digits, - / or . (as printed on the jar)";

/** One batch (lot) of a product and its lab certificate. */
export interface AdminBatch {
  id: string;
  lot: string;
  /** The day the lab tested it, YYYY-MM-DD; null when not given. */
  testedOn: string | null;
  /** Where the certificate is served (the shop's own media): `/media/certificates/<sha256>.pdf`. */
  certificateUrl: string;
  /** The batch the shop names on the product's page now. */
  current: boolean;
  /** When and by whom it was added. */
  addedAt: string;
  addedBy: string;
}

/**
 * GET /admin/api/products/{id}/batches, and the answer of every change: newest first. A batch is never
 * deleted, since the certificate of a lot already sold stays valid.
 */
export interface AdminProductBatches {
  productId: string;
  productTitle: string;
  /** Changes with any change to the list or the current batch: "Make current" sends the version it saw. */
  version: number;
  batches: AdminBatch[];
  /** The largest certificate accepted, in bytes. */
  maxCertificateBytes: number;
}

/**
 * POST /admin/api/products/{id}/batches?lot=…&testedOn=YYYY-MM-DD with the certificate itself as the body
 * (`application/pdf`): a new batch, which becomes the current one. Answered 201 with AdminProductBatches.
 */
export interface AdminBatchQuery {
  lot: string;
  testedOn?: string;
}

/** PUT /admin/api/products/{id}/current-batch: makes an earlier batch the current one again. */
export interface AdminCurrentBatchChoice {
  version: number;
  batchId: string;
}

/** PUT /admin/api/products/{id}: every field, from the version the owner saw. */
export interface AdminProductUpdate extends AdminProductFields {
  version: number;
}

/** POST /admin/api/products: a new draft with its first variant. */
export interface AdminProductCreate {
  title: string;
  variantTitle: string;
  sku: string | null;
}

/** The variant fields the owner edits: POST /admin/api/products/{id}/variants and PUT /admin/api/variants/{id}. */
export interface AdminVariantFields {
  title: string;
  sku: string | null;
  /**
   * Checked with `parseGtin` and `parseMpn` (@herbo/hosted-api/product-identifiers): null or empty for none.
   * A GTIN is unique across variants, compared as 14 digits.
   */
  gtin: string | null;
  mpn: string | null;
  weight: number | null;
  manageInventory: boolean;
}

/**
 * POST /admin/api/products/{id}/variants: a new variant with its prices (minor units). A published product's
 * new variant needs a price in every market's currency, so no shopper ever sees it unpriced.
 */
export interface AdminVariantCreate extends Omit<AdminVariantFields, "manageInventory" | "gtin" | "mpn"> {
  /** Default: on, starting with none on hand, so the new variant cannot sell before the owner adds stock. */
  manageInventory?: boolean;
  /** Default: none. */
  gtin?: string | null;
  mpn?: string | null;
  prices: { currencyCode: string; amount: number; saleAmount: number | null }[];
}

export interface AdminVariantUpdate extends AdminVariantFields {
  version: number;
}

/** The largest products file an import takes, in characters, and the most lines of variants in it. */
export const productImportLimits = { maxCharacters: 2 * 1024 * 1024, maxRows: 2000 } as const;

/** POST /admin/api/products/import: a CSV file's text (as GET /admin/api/products/export.csv writes it). */
export interface AdminProductImportRequest {
  csv: string;
  /** False: only check the file and say what it would do. True: do it, all or nothing (but the refused lines). */
  apply: boolean;
}

/** A problem in an imported file, named by its line and column ("Line 4, price_USD: …"). */
export interface AdminProductImportProblem {
  /** The file's line, counted from 1 for the header. */
  line: number;
  /** The column's name in the header; null for a problem of the whole line or file. */
  column: string | null;
  message: string;
}

/** One product or variant the file creates or changes. */
export interface AdminProductImportItem {
  line: number;
  kind: "product" | "variant";
  action: "create" | "update";
  /** The product's title, and for a variant " · " and its title. */
  title: string;
  /** What changes, in the owner's words ("Title", "SKU", "Prices"); empty for a creation. */
  changes: string[];
}

/**
 * The answer to an import. A check (apply false) writes nothing; an import with problems writes nothing
 * either and answers 400 with the first ones in its message. Products and variants absent from the file
 * are left as they are, and stock levels are never imported.
 */
export interface AdminProductImportResult {
  applied: boolean;
  products: { create: number; update: number };
  variants: { create: number; update: number };
  /** The first 200 creations and changes, in the file's order. */
  items: AdminProductImportItem[];
  /** Every problem found, up to 200; any problem means nothing is imported. */
  problems: AdminProductImportProblem[];
  /** All problems found, when more than those listed. */
  problemCount: number;
  /**
   * The first 200 lines not imported because what they change was changed in the back office after the
   * file was exported (or the line has no version to tell); the other lines are imported without them.
   */
  refused: AdminProductImportProblem[];
  /** All refused lines, when more than those listed. */
  refusedCount: number;
}
