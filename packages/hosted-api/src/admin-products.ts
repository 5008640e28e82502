/**
 * The back office's product editor (issue 28): `/admin/api/products*` and `/admin/api/variants/{id}`.
 * Re-exported by `@herbo/hosted-api/admin`.
 */

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
  weight: number | null;
  manageInventory: boolean;
}

/**
 * POST /admin/api/products/{id}/variants: a new variant with its prices (minor units). A published product's
 * new variant needs a price in every market's currency, so no shopper ever sees it unpriced.
 */
export interface AdminVariantCreate extends AdminVariantFields {
  prices: { currencyCode: string; amount: number; saleAmount: number | null }[];
}

export interface AdminVariantUpdate extends AdminVariantFields {
  version: number;
}
