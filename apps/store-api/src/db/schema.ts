import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from "drizzle-orm/pg-core";

/** Display-only nested data of a product, kept as the hosted backend shapes it. */
export interface ProductExtras {
  options: {
    id: string;
    title: string;
    values: { id: string; option_id: string; variant_id: string; value: string }[];
  }[];
  product_collections: { product_id: string; collection_id: string; order: number }[];
  additional_info: { id: string; order: number; title: string; description: string }[];
  custom_fields: { id: string; title: string; is_required: boolean }[];
  related_products: {
    id: string;
    section_title: string;
    related_type: string;
    related_id: string;
    position: number;
  }[];
  metadata: Record<string, unknown>;
}

export const currencies = pgTable("currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  namePlural: text("name_plural").notNull(),
  symbol: text("symbol").notNull(),
  symbolNative: text("symbol_native").notNull(),
  template: text("template").notNull(),
  decimalDigits: integer("decimal_digits").notNull(),
});

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    ribbonText: text("ribbon_text"),
    description: text("description").notNull().default(""),
    /** An image path under /images, or an absolute URL; null when the product has no image. */
    thumbnail: text("thumbnail"),
    purchasable: boolean("purchasable").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    siteProductSelection: text("site_product_selection"),
    status: text("status").notNull().default("published"),
    typeValue: text("type_value").notNull().default("physical"),
    extras: jsonb("extras").$type<ProductExtras>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("products_listing_idx").on(table.status, table.sortOrder)],
);

export const productImages = pgTable(
  "product_images",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    sortOrder: integer("sort_order").notNull(),
    type: text("type").notNull().default("image"),
  },
  (table) => [primaryKey({ columns: [table.productId, table.sortOrder] })],
);

export const variants = pgTable(
  "variants",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    imageUrl: text("image_url"),
    sku: text("sku"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Price in minor units. */
    amount: integer("amount").notNull(),
    /** Sale price in minor units, null when not on sale. */
    saleAmount: integer("sale_amount"),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    manageInventory: boolean("manage_inventory").notNull().default(false),
    weight: real("weight"),
    /** Units physically in stock. */
    stockOnHand: integer("stock_on_hand").notNull().default(0),
    /** Units held by open checkout sessions; available = on hand - reserved. */
    stockReserved: integer("stock_reserved").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    index("variants_product_idx").on(table.productId, table.sortOrder),
    check("variants_amount_nonnegative", sql`${table.amount} >= 0`),
    check("variants_sale_amount_nonnegative", sql`${table.saleAmount} IS NULL OR ${table.saleAmount} >= 0`),
    check("variants_stock_nonnegative", sql`${table.stockOnHand} >= 0`),
    check(
      "variants_reserved_within_stock",
      sql`${table.stockReserved} >= 0 AND ${table.stockReserved} <= ${table.stockOnHand}`,
    ),
  ],
);

export const checkoutSessionStatuses = ["open", "paid", "cancelled", "expired"] as const;
export type CheckoutSessionStatus = (typeof checkoutSessionStatuses)[number];

export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    status: text("status").$type<CheckoutSessionStatus>().notNull().default("open"),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    locale: text("locale"),
    timeZone: text("time_zone"),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    /** Sum of the lines in minor units, computed from database prices. */
    totalAmount: integer("total_amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("checkout_sessions_open_idx").on(table.status, table.expiresAt),
    check("checkout_sessions_status_known", sql`${table.status} IN ('open', 'paid', 'cancelled', 'expired')`),
  ],
);

export const checkoutLines = pgTable(
  "checkout_lines",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id),
    productTitle: text("product_title").notNull(),
    variantTitle: text("variant_title").notNull(),
    quantity: integer("quantity").notNull(),
    /** Price paid per unit (sale price when on sale), minor units. */
    unitAmount: integer("unit_amount").notNull(),
    /** Whether this line holds a stock reservation (the variant manages inventory). */
    reserved: boolean("reserved").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.position] }),
    check("checkout_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

export const orders = pgTable("orders", {
  id: text("id").primaryKey(),
  /** One paid order per checkout session, enforced by the database. */
  sessionId: text("session_id")
    .notNull()
    .unique()
    .references(() => checkoutSessions.id),
  totalAmount: integer("total_amount").notNull(),
  currencyCode: text("currency_code").notNull(),
  cardLast4: text("card_last4").notNull(),
  paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** One row `/health` rewrites on every check: proof that the database still accepts and commits writes. */
export const healthHeartbeat = pgTable(
  "health_heartbeat",
  {
    id: integer("id").primaryKey(),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [check("health_heartbeat_single_row", sql`${table.id} = 1`)],
);
