import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CustomerDetails } from "./customer-details.ts";
import type { CreditNoteLine } from "./credit-note-line.ts";
import type { ProductFacts } from "@herbo/hosted-api";

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
    /** Counts the owner's edits of the product: an edit names the version it started from. */
    version: integer("version").notNull().default(1),
    /**
     * The supplement-facts panel, checked by @herbo/hosted-api's parseProductFacts before it is saved; null when
     * the product has none. Plain text throughout: every page escapes it.
     */
    facts: jsonb("facts").$type<ProductFacts>(),
  },
  (table) => [index("products_listing_idx").on(table.status, table.sortOrder)],
);

/**
 * A product's batches (lots), each with the lab's certificate for it. None is ever deleted: the certificate of a
 * lot already sold stays valid. The file is in the media store under the certificate's SHA-256
 * (`certificate-<sha256>.pdf`), so the same PDF uploaded twice is one file.
 */
export const productBatches = pgTable(
  "product_batches",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** As printed on the jar: 1 to 40 letters, digits, - / and . */
    lot: text("lot").notNull(),
    /** The day the lab tested the lot; null when the owner did not give it. */
    testedOn: date("tested_on", { mode: "string" }),
    /** SHA-256 of the certificate's bytes, hex: its file's name. */
    certificateSha256: text("certificate_sha256").notNull(),
    certificateBytes: integer("certificate_bytes").notNull(),
    /** The batch the shop names on the product's page now: one per product at most. */
    current: boolean("current").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The owner's email. */
    createdBy: text("created_by").notNull(),
  },
  (table) => [
    index("product_batches_product_idx").on(table.productId, table.createdAt),
    uniqueIndex("product_batches_one_current")
      .on(table.productId)
      .where(sql`${table.current}`),
    check("product_batches_sha256_hex", sql`${table.certificateSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * An uploaded photo, checked by its content and re-encoded at a few widths; the files live under
 * DATA_DIR/media (or the bucket) as `<id>-<width>.<format>`.
 */
export const media = pgTable("media", {
  id: text("id").primaryKey(),
  /** The re-encoded format: "webp" or "avif". */
  format: text("format").notNull(),
  /** The largest encoded size, in pixels. */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** Every width encoded, ascending. */
  widths: jsonb("widths").$type<number[]>().notNull(),
  /** Bytes of all encoded files together. */
  bytes: integer("bytes").notNull(),
  /** SHA-256 of the uploaded file, hex. */
  sha256: text("sha256").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  /** The owner's email. */
  createdBy: text("created_by").notNull(),
});

export const productImages = pgTable(
  "product_images",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    sortOrder: integer("sort_order").notNull(),
    type: text("type").notNull().default("image"),
    /** What the photo shows, for shoppers who cannot see it; empty for the seed's artwork, whose alt is the title. */
    alt: text("alt").notNull().default(""),
    /** The owner's uploaded photo this row shows (its sizes are in `media`); null for the seed's artwork. */
    mediaId: text("media_id").references(() => media.id),
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
    /**
     * The owner's identifiers for product feeds, null when not set: the GTIN is the barcode's digits as
     * typed (8, 12, 13 or 14, checked by @herbo/hosted-api's parseGtin), the MPN the maker's part number.
     */
    gtin: text("gtin"),
    mpn: text("mpn"),
    sortOrder: integer("sort_order").notNull().default(0),
    manageInventory: boolean("manage_inventory").notNull().default(false),
    weight: real("weight"),
    /** Units physically in stock. */
    stockOnHand: integer("stock_on_hand").notNull().default(0),
    /** Units held by open checkout sessions; available = on hand - reserved. */
    stockReserved: integer("stock_reserved").notNull().default(0),
    /** Counts the owner's edits of the variant's prices: an edit names the version it started from. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    index("variants_product_idx").on(table.productId, table.sortOrder),
    // One SKU names one variant, whatever its case: "hs-tin-5" and "HS-TIN-5" are the same label on a shelf.
    uniqueIndex("variants_sku_unique").on(sql`lower(${table.sku})`),
    // One barcode names one variant. GS1 compares GTINs as 14 digits with zeros in front, so the UPC-A
    // 036000291452 and the EAN-13 0036000291452 are the same barcode (gtin14 in @herbo/hosted-api).
    uniqueIndex("variants_gtin_unique").on(sql`lpad(${table.gtin}, 14, '0')`),
    check("variants_stock_nonnegative", sql`${table.stockOnHand} >= 0`),
    check(
      "variants_reserved_within_stock",
      sql`${table.stockReserved} >= 0 AND ${table.stockReserved} <= ${table.stockOnHand}`,
    ),
  ],
);

/**
 * Shop-wide settings the owner changes in the back office, one row each, by key: `california_notice` holds
 * CaliforniaNoticeValues (@herbo/hosted-api/admin). A key without a row has its default.
 */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  /** Counts the owner's saves of this setting: a save names the version it started from. */
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * The owner's edits of the catalogue in the back office: who changed what, when, with the values before and
 * after, so a wrong price can be traced and put back. Written in the same transaction as the change.
 */
export const catalogChanges = pgTable(
  "catalog_changes",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    /** The owner's email. */
    actor: text("actor").notNull(),
    /** What was changed: "variant_prices". */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").notNull(),
    after: jsonb("after").notNull(),
  },
  (table) => [index("catalog_changes_entity_idx").on(table.entity, table.entityId, table.at)],
);

/**
 * A variant's price list: one fixed price per currency the shop sells in, set by the owner, never converted.
 * A checkout in a currency prices its lines from this table only.
 */
export const variantPrices = pgTable(
  "variant_prices",
  {
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    /** Minor units. */
    amount: integer("amount").notNull(),
    /** Minor units; null when not on sale. */
    saleAmount: integer("sale_amount"),
  },
  (table) => [
    primaryKey({ columns: [table.variantId, table.currencyCode] }),
    check("variant_prices_amount_nonnegative", sql`${table.amount} >= 0`),
    check("variant_prices_sale_amount_nonnegative", sql`${table.saleAmount} IS NULL OR ${table.saleAmount} >= 0`),
  ],
);

/**
 * The markets, seeded from the contract's defaults: the countries each serves, its currency and locale,
 * how its prices treat tax, the tax a registered shop charges there, and the payment methods it offers.
 * Tax lines appear on orders only once `taxRegistration` is set.
 */
/**
 * A product's automatic quantity prices in one market ("Buy 2, save 10 %"), as one set the owner edits
 * whole: tiers of [{ minQuantity, percent }], checked to save more as they ask more. No row: no offer.
 */
export const quantityPrices = pgTable(
  "quantity_prices",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    marketCode: text("market_code")
      .notNull()
      .references(() => markets.code),
    tiers: jsonb("tiers").$type<{ minQuantity: number; percent: number }[]>().notNull(),
    version: integer("version").notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.productId, table.marketCode] })],
);

export const discountCodeKinds = ["percent", "amount"] as const;
export type DiscountCodeKind = (typeof discountCodeKinds)[number];

/**
 * A discount code the owner gives out ("HIMALAYA10"): a whole percentage, or a fixed amount per currency
 * (never converted), with an optional minimum per currency, a time window, total uses and uses per email,
 * and the markets and products it applies to (empty lists: all).
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: text("id").primaryKey(),
    /** Upper case; shoppers' typing is compared in upper case. */
    code: text("code").notNull().unique(),
    kind: text("kind").$type<DiscountCodeKind>().notNull(),
    percent: integer("percent"),
    /** For a fixed amount: minor units per currency code. */
    amounts: jsonb("amounts").$type<Record<string, number>>().notNull(),
    /** The items' subtotal (after quantity prices) a checkout needs, minor units per currency code. */
    minimums: jsonb("minimums").$type<Record<string, number>>().notNull(),
    markets: jsonb("markets").$type<string[]>().notNull(),
    productIds: jsonb("product_ids").$type<string[]>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    totalUses: integer("total_uses"),
    usesPerEmail: integer("uses_per_email"),
    /** False once the owner ended it. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    check("discount_codes_kind_known", sql`${table.kind} IN ('percent', 'amount')`),
    check(
      "discount_codes_percent_valid",
      sql`(${table.kind} = 'percent') = (${table.percent} IS NOT NULL) AND (${table.percent} IS NULL OR (${table.percent} >= 1 AND ${table.percent} <= 100))`,
    ),
    check(
      "discount_codes_uses_positive",
      sql`(${table.totalUses} IS NULL OR ${table.totalUses} > 0) AND (${table.usesPerEmail} IS NULL OR ${table.usesPerEmail} > 0)`,
    ),
  ],
);

export const codeRedemptionStatuses = ["held", "used", "released"] as const;
export type CodeRedemptionStatus = (typeof codeRedemptionStatuses)[number];

/**
 * A code's use by one checkout: held while the checkout is open (a use counts against the limits from the
 * moment it is applied), used when its order is placed, released when the checkout expires or is cancelled.
 */
export const codeRedemptions = pgTable(
  "code_redemptions",
  {
    sessionId: text("session_id")
      .primaryKey()
      .references(() => checkoutSessions.id, { onDelete: "cascade" }),
    codeId: text("code_id")
      .notNull()
      .references(() => discountCodes.id),
    /** The shopper's email, lower case, for uses per email. */
    email: text("email").notNull(),
    status: text("status").$type<CodeRedemptionStatus>().notNull(),
    orderId: text("order_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    index("code_redemptions_code_idx").on(table.codeId, table.status),
    index("code_redemptions_email_idx").on(table.codeId, table.email),
    check("code_redemptions_status_known", sql`${table.status} IN ('held', 'used', 'released')`),
  ],
);

export const markets = pgTable(
  "markets",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    countries: jsonb("countries").$type<string[]>().notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .unique()
      .references(() => currencies.code),
    locale: text("locale").notNull(),
    pricesIncludeTax: boolean("prices_include_tax").notNull(),
    taxName: text("tax_name"),
    /** Basis points: 1300 is 13 %. */
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    /** The shop's tax registration there (PAN/VAT in Nepal); null while it is not registered. */
    taxRegistration: text("tax_registration"),
    paymentMethods: jsonb("payment_methods").$type<string[]>().notNull(),
    sortOrder: integer("sort_order").notNull(),
    /** Counts the owner's edits of the market's tax settings. */
    version: integer("version").notNull().default(1),
    /**
     * The items' subtotal (minor units of its currency, after discounts) from which an order ships free;
     * null when the market has no such offer.
     */
    freeShippingOver: integer("free_shipping_over"),
    /** Counts the owner's edits of the threshold, apart from the tax settings'. */
    freeShippingVersion: integer("free_shipping_version").notNull().default(1),
  },
  (table) => [
    check(
      "markets_free_shipping_positive",
      sql`${table.freeShippingOver} IS NULL OR (${table.freeShippingOver} > 0 AND ${table.freeShippingOver} <= 100000000)`,
    ),
    check(
      "markets_tax_rate_valid",
      sql`${table.taxRateBasisPoints} IS NULL OR (${table.taxRateBasisPoints} >= 0 AND ${table.taxRateBasisPoints} <= 10000)`,
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
    /** The market whose price list and countries the checkout follows; Nepal's before markets. */
    marketCode: text("market_code").notNull().default("np"),
    /** Sum of the lines in minor units, computed from database prices, after the lines' discounts. */
    totalAmount: integer("total_amount").notNull(),
    /** The lines' discounts together, minor units: what the items cost before them is total + discount. */
    discountAmount: integer("discount_amount").notNull().default(0),
    /** The discount code applied (upper case), with the shopper's details; null when none. */
    discountCode: text("discount_code"),
    /** Codes refused on this checkout: a checkout stops taking codes after a few, so none can be guessed here. */
    codeRefusals: integer("code_refusals").notNull().default(0),
    /** The shopper ticked "Email me a reminder about this order" with their details. */
    reminderWanted: boolean("reminder_wanted").notNull().default(false),
    /** When its one reminder was written to the outbox; null before. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true, mode: "date" }),
    /** The secret in the reminder's links (to come back, to unsubscribe): long and random, never guessed. */
    reminderToken: text("reminder_token").unique(),
    /** The checkout whose reminder this one was opened from, to count reminders that became orders. */
    remindedFrom: text("reminded_from"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    /** The shopper's contact and delivery details, once entered and checked; null before. */
    customer: jsonb("customer").$type<CustomerDetails>(),
    /** Shipping for `customer`'s country from the rates table, in minor units; null before details. */
    shippingAmount: integer("shipping_amount"),
    /** Why the last payment attempt failed, shown once on the payment step after its redirect. */
    paymentError: text("payment_error"),
    /** A hash of the client address that opened it (checkout/sessions.ts clientKeyOf), for per-address limits. */
    clientKey: text("client_key"),
    /**
     * A hash of the browser's cart token, when it sent one: only a checkout with the same token may replace
     * this one (many shoppers share one address behind carrier NAT).
     */
    cartKey: text("cart_key"),
  },
  (table) => [
    index("checkout_sessions_open_idx").on(table.status, table.expiresAt),
    index("checkout_sessions_client_idx").on(table.clientKey, table.status),
    index("checkout_sessions_cart_idx").on(table.cartKey, table.status),
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
    /** Taken off the line (unit × quantity) by the offers, minor units: its quantity price and its code share. */
    discountAmount: integer("discount_amount").notNull().default(0),
    /** The automatic offer that applies ("Buy 2, save 10 %"); null when none. */
    offerLabel: text("offer_label"),
    /** The discount code's share of `discountAmount`, minor units. */
    codeDiscountAmount: integer("code_discount_amount").notNull().default(0),
    /** Whether this line holds a stock reservation (the variant manages inventory). */
    reserved: boolean("reserved").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.position] }),
    check("checkout_lines_quantity_positive", sql`${table.quantity} > 0`),
    check(
      "checkout_lines_discount_within_line",
      sql`${table.discountAmount} >= 0 AND ${table.discountAmount} <= ${table.unitAmount} * ${table.quantity}`,
    ),
    check(
      "checkout_lines_code_within_discount",
      sql`${table.codeDiscountAmount} >= 0 AND ${table.codeDiscountAmount} <= ${table.discountAmount}`,
    ),
  ],
);

/** Contact and delivery details as the hosted checkout checked them. */
export type { CustomerDetails } from "./customer-details.ts";

/** An order's payment (orders/order-states.ts declares how it moves). */
export const paymentStatuses = [
  "pending",
  "paid",
  "cod_due",
  "cod_collected",
  "refund_due",
  "partially_refunded",
  "refunded",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** An order's fulfilment; a cash-on-delivery order starts `unconfirmed` until the shop has called the shopper. */
export const fulfilmentStatuses = [
  "unconfirmed",
  "unfulfilled",
  "packed",
  "shipped",
  "delivered",
  "returned",
  "cancelled",
] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** Human-readable, sequential: HS-1001, HS-1002, … */
    number: text("number").notNull().unique(),
    /** The secret in the shopper's order page address; long and random, so no order can be guessed. */
    accessToken: text("access_token").notNull().unique(),
    /** One order per checkout session, enforced by the database. */
    sessionId: text("session_id")
      .notNull()
      .unique()
      .references(() => checkoutSessions.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    customer: jsonb("customer").$type<CustomerDetails>(),
    currencyCode: text("currency_code").notNull(),
    /** The items after their discounts, minor units. */
    subtotalAmount: integer("subtotal_amount").notNull(),
    /** The lines' discounts together: the items before them came to subtotal + discount. */
    discountAmount: integer("discount_amount").notNull().default(0),
    /** The discount code the order was placed with, and its share of the discount. */
    discountCode: text("discount_code"),
    codeDiscountAmount: integer("code_discount_amount").notNull().default(0),
    shippingAmount: integer("shipping_amount").notNull().default(0),
    totalAmount: integer("total_amount").notNull(),
    /** The market the order was priced in. */
    marketCode: text("market_code").notNull().default("np"),
    /**
     * The tax included in the total, when the shop was registered in the market: the sum of the lines' and
     * the shipping's, each computed once in minor units. Kept as it was at the time of the order.
     */
    taxAmount: integer("tax_amount").notNull().default(0),
    shippingTaxAmount: integer("shipping_tax_amount").notNull().default(0),
    taxName: text("tax_name"),
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    taxRegistration: text("tax_registration"),
    /** Which way the shopper pays: "card" or "cod" (cash on delivery). */
    paymentMethod: text("payment_method").notNull(),
    /** The provider that took the payment, e.g. "sandbox"; "cod" for cash on delivery. */
    paymentProvider: text("payment_provider").notNull(),
    /** The provider's id for the payment, when it has one. */
    paymentReference: text("payment_reference"),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull(),
    /** The payment attempt that paid it (every order placed since attempts record their details). */
    paymentAttemptId: text("payment_attempt_id").unique(),
    /** Money taken: the provider's capture, or the cash once collected; minor units. */
    capturedAmount: integer("captured_amount").notNull().default(0),
    /** Money given back by refunds that succeeded; minor units, never more than captured. */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    fulfilmentStatus: text("fulfilment_status").$type<FulfilmentStatus>().notNull().default("unfulfilled"),
    cardLast4: text("card_last4"),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    /** When the order was last marked delivered; null while it is not delivered. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    /** When the buyer was invited to review what they bought; null until then. Each order is invited once. */
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true, mode: "date" }),
    locale: text("locale"),
    timeZone: text("time_zone"),
  },
  (table) => [
    index("orders_created_idx").on(table.createdAt),
    // The review requests' sweep looks for delivered orders not yet invited.
    index("orders_review_due_idx")
      .on(table.deliveredAt)
      .where(sql`${table.reviewRequestedAt} IS NULL AND ${table.deliveredAt} IS NOT NULL`),
    check(
      "orders_payment_status_known",
      sql`${table.paymentStatus} IN ('pending', 'paid', 'cod_due', 'cod_collected', 'refund_due', 'partially_refunded', 'refunded')`,
    ),
    check(
      "orders_fulfilment_status_known",
      sql`${table.fulfilmentStatus} IN ('unconfirmed', 'unfulfilled', 'packed', 'shipped', 'delivered', 'returned', 'cancelled')`,
    ),
    check("orders_amounts_add_up", sql`${table.totalAmount} = ${table.subtotalAmount} + ${table.shippingAmount}`),
    check(
      "orders_refunds_within_capture",
      sql`${table.capturedAmount} >= 0 AND ${table.capturedAmount} <= ${table.totalAmount} AND ${table.refundedAmount} >= 0 AND ${table.refundedAmount} <= ${table.capturedAmount}`,
    ),
  ],
);

/** What was sold, as it was priced and named at the time of the order. */
export const orderLines = pgTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    variantId: text("variant_id").notNull(),
    sku: text("sku"),
    productTitle: text("product_title").notNull(),
    variantTitle: text("variant_title").notNull(),
    quantity: integer("quantity").notNull(),
    unitAmount: integer("unit_amount").notNull(),
    /** Taken off the line (unit × quantity) by the offers when it was ordered, minor units. */
    discountAmount: integer("discount_amount").notNull().default(0),
    /** The automatic offer that applied ("Buy 2, save 10 %"); null when none. */
    offerLabel: text("offer_label"),
    /** The discount code's share of `discountAmount`. */
    codeDiscountAmount: integer("code_discount_amount").notNull().default(0),
    /** The tax included in what the line was paid (unit × quantity less its discount), minor units; 0 when none. */
    taxAmount: integer("tax_amount").notNull().default(0),
    /** Units the shopper sent back (returns taken by the owner). */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_lines_quantity_positive", sql`${table.quantity} > 0`),
    check(
      "order_lines_discount_within_line",
      sql`${table.discountAmount} >= 0 AND ${table.discountAmount} <= ${table.unitAmount} * ${table.quantity}`,
    ),
    check(
      "order_lines_returned_within_quantity",
      sql`${table.returnedQuantity} >= 0 AND ${table.returnedQuantity} <= ${table.quantity}`,
    ),
  ],
);

export const refundStatuses = ["requested", "failed", "to_make", "succeeded"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Money given back on an order: when the owner cancels a paid order, takes a return, or records a refund.
 * A refund through a provider is written (requested) before the provider is asked, with its id as the
 * idempotency key, so a crash in between is finished at the next start without refunding twice.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Why: the order was cancelled, or items came back (or the owner gave money back for them). */
    kind: text("kind").$type<"cancel" | "return">().notNull(),
    amount: integer("amount").notNull(),
    currencyCode: text("currency_code").notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    /** The provider that sends it, or null when the owner makes it by hand. */
    provider: text("provider"),
    /** The provider's id for the refund, once it made it. */
    providerReference: text("provider_reference"),
    /** For a return: the units that came back, as the shopper's email lists them. */
    lines: jsonb("lines").$type<{ productTitle: string; variantTitle: string; quantity: number }[]>(),
    /**
     * The refund's credit note: its number (CN-1001, …) from `credit_note_counter`, taken in the refund's
     * transaction and never reused, what it credits, and the tax that includes (orders/credit-note.ts).
     */
    creditNoteNumber: integer("credit_note_number").notNull().unique(),
    creditLines: jsonb("credit_lines").$type<CreditNoteLine[]>().notNull(),
    taxAmount: integer("tax_amount").notNull().default(0),
    /** The owner's words: why it was given, and how a refund made by hand was made. */
    reason: text("reason"),
    note: text("note"),
    lastError: text("last_error"),
    /** Whether the shopper was emailed about it (with the cancellation or the return); the next email then says it is done. */
    announced: boolean("announced").notNull().default(false),
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("order_refunds_order_idx").on(table.orderId),
    index("order_refunds_status_idx").on(table.status, table.updatedAt),
    check("order_refunds_amount_positive", sql`${table.amount} > 0`),
    check("order_refunds_status_known", sql`${table.status} IN ('requested', 'failed', 'to_make', 'succeeded')`),
    check("order_refunds_kind_known", sql`${table.kind} IN ('cancel', 'return')`),
  ],
);

/** Everything that happened to an order, with who and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    /** "shopper", "system", or the email of the owner who acted. */
    actor: text("actor").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.id)],
);

/**
 * A buyer's invitation to review one product of a delivered order: the link in the review-request email carries
 * the row's id and a random key, of which only the SHA-256 is kept, so the link cannot be made from the
 * database nor guessed. It works once, until it expires.
 */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's key, hex. */
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** When its review was written; a used link writes nothing more. */
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    uniqueIndex("review_links_order_product").on(table.orderId, table.productId),
    check("review_links_key_hash_hex", sql`${table.keyHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const reviewStatuses = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/**
 * A verified buyer's review of a product, written through its review link: one per product of an order.
 * Nothing is shown on the storefront before the owner publishes it. All its text is plain text, escaped
 * wherever it is shown.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The market the order was placed in, shown with the review. */
    marketCode: text("market_code").notNull(),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    displayName: text("display_name").notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    /** The owner's reason for hiding it, kept when it is published again. */
    hiddenReason: text("hidden_reason"),
    /** The shop's public reply. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The last publish or hide, and the owner's email. */
    moderatedAt: timestamp("moderated_at", { withTimezone: true, mode: "date" }),
    moderatedBy: text("moderated_by"),
    /** Counts the owner's changes: each names the version it started from. */
    version: integer("version").notNull().default(1),
  },
  (table) => [
    uniqueIndex("reviews_order_product").on(table.orderId, table.productId),
    index("reviews_product_status_idx").on(table.productId, table.status, table.createdAt),
    index("reviews_status_idx").on(table.status, table.createdAt),
    check("reviews_rating_range", sql`${table.rating} BETWEEN 1 AND 5`),
    check("reviews_status_known", sql`${table.status} IN ('pending', 'published', 'hidden')`),
  ],
);

/** The next order number; one row, updated in the order's transaction, so numbers have no gaps. */
/** Email addresses (lower case) that asked for no more checkout reminders, with when. */
export const reminderOptOuts = pgTable("reminder_opt_outs", {
  email: text("email").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});

export const orderNumberCounter = pgTable(
  "order_number_counter",
  {
    id: integer("id").primaryKey(),
    next: integer("next").notNull(),
  },
  (table) => [check("order_number_counter_single_row", sql`${table.id} = 1`)],
);

/** The next credit note number; one row, updated in the refund's transaction, like the order numbers. */
export const creditNoteCounter = pgTable(
  "credit_note_counter",
  {
    id: integer("id").primaryKey(),
    next: integer("next").notNull(),
  },
  (table) => [check("credit_note_counter_single_row", sql`${table.id} = 1`)],
);

/** Flat shipping per destination country and currency (seeded from the contract's shop offer). */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    countryCode: text("country_code").notNull(),
    currencyCode: text("currency_code")
      .notNull()
      .references(() => currencies.code),
    amount: integer("amount").notNull(),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    /** Counts the owner's edits of the rate. */
    version: integer("version").notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.countryCode, table.currencyCode] }),
    check("shipping_rates_amount_nonnegative", sql`${table.amount} >= 0`),
    check("shipping_rates_days_ordered", sql`${table.minDays} >= 0 AND ${table.minDays} <= ${table.maxDays}`),
  ],
);

export const outboxStatuses = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * Emails to send, written in the same transaction as what they announce. A worker delivers them with
 * retries (see email/outbox-worker.ts); a row is claimed with FOR UPDATE SKIP LOCKED, so several API
 * copies never send one twice.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    /** Which message: order_confirmation, new_order_notice, order_shipped, … */
    kind: text("kind").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    /** What the message says, fixed when it was written (an order snapshot, a tracking number). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_order_idx").on(table.orderId),
    check("outbox_status_known", sql`${table.status} IN ('pending', 'sent', 'failed')`),
  ],
);

/** One row `/health` rewrites on every check: proof that the database still accepts and commits writes. */
export const healthHeartbeat = pgTable(
  "health_heartbeat",
  {
    id: integer("id").primaryKey(),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [check("health_heartbeat_single_row", sql`${table.id} = 1`)],
);

/** The shop's owners: who may sign in to the back office. */
export const owners = pgTable("owners", {
  id: text("id").primaryKey(),
  /** Lower-cased, so one address cannot be two owners. */
  email: text("email").notNull().unique(),
  /** scrypt, in the self-describing form of admin/passwords.ts (its parameters and salt travel with it). */
  passwordHash: text("password_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Signed-in back-office sessions, shared by every API copy. Only a hash of the cookie's token is kept,
 * so a copy of this table signs nobody in.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("admin_sessions_owner_idx").on(table.ownerId)],
);

/** Every change of a variant's on-hand stock made by hand or by a cancelled order, with who, when and why. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    variantId: text("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    /** The owner's email, or "system". */
    actor: text("actor").notNull(),
    /** Units added (positive) or removed (negative). */
    change: integer("change").notNull(),
    onHandAfter: integer("on_hand_after").notNull(),
    reason: text("reason").notNull(),
    /** The order whose cancellation returned the units, if any. */
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (table) => [
    index("stock_movements_variant_idx").on(table.variantId, table.id),
    check("stock_movements_change_nonzero", sql`${table.change} <> 0`),
  ],
);

/** A payment attempt (payments/attempt-states.ts declares how it moves). */
export const paymentAttemptStatuses = [
  "pending",
  "superseded",
  "paid",
  "failed",
  "abandoned",
  "refund_due",
  "refunded",
] as const;
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number];

/**
 * A payment the shopper made or was sent to make, by any provider (the sandbox and cash on delivery
 * settle at once through the same path). Returns, webhooks and the reconciliation job find their
 * checkout session through it; while one is open at a provider, expiry leaves the session's reservation
 * alone until the provider has given its final answer.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: "cascade" }),
    /** The provider's name in PAYMENT_METHODS: "stripe", "khalti", "esewa". */
    provider: text("provider").notNull(),
    /** The provider's id for it: a Stripe Checkout Session id, a Khalti pidx, an eSewa transaction_uuid. */
    reference: text("reference").notNull(),
    /** What the provider was asked to charge, in minor units of `currencyCode` (the session's currency). */
    amount: integer("amount").notNull(),
    currencyCode: text("currency_code").notNull(),
    /** The same amount as sent to the provider, in its own units (Stripe's minor unit, paisa for Khalti and eSewa). */
    providerAmount: integer("provider_amount").notNull(),
    /**
     * The order this payment was started for, fixed then: the details, and the lines' and shipping's
     * amounts (minor units, adding up to `amount`). A capture becomes exactly this order.
     */
    customer: jsonb("customer").$type<CustomerDetails>().notNull(),
    subtotalAmount: integer("subtotal_amount").notNull(),
    shippingAmount: integer("shipping_amount").notNull(),
    /** The provider's id for the money it took (a Stripe PaymentIntent, a Khalti transaction), once captured. */
    paymentReference: text("payment_reference"),
    /** The provider's id for the refund of money this attempt took that became no order. */
    refundReference: text("refund_reference"),
    /** How the owner gave that money back by hand, in their words, with who recorded it. */
    refundNote: text("refund_note"),
    status: text("status").$type<PaymentAttemptStatus>().notNull().default("pending"),
    /** Where the shopper is sent to pay; null for a provider that takes a posted form. */
    redirectUrl: text("redirect_url"),
    /** When the provider stops accepting this payment. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** When the reconciliation job may next ask the provider about it (also its claim lease). */
    checkAfter: timestamp("check_after", { withTimezone: true, mode: "date" }).notNull(),
    /** Why it failed or was refused, for the owner; never holds a secret. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    uniqueIndex("payment_attempts_reference_idx").on(table.provider, table.reference),
    index("payment_attempts_session_idx").on(table.sessionId),
    index("payment_attempts_due_idx").on(table.status, table.checkAfter),
    check(
      "payment_attempts_status_known",
      sql`${table.status} IN ('pending', 'superseded', 'paid', 'failed', 'abandoned', 'refund_due', 'refunded')`,
    ),
    check("payment_attempts_amount_positive", sql`${table.amount} > 0`),
    check("payment_attempts_amounts_add_up", sql`${table.amount} = ${table.subtotalAmount} + ${table.shippingAmount}`),
  ],
);

/**
 * Requests counted per client in fixed windows (checkouts and payment attempts per address, payment
 * attempts per checkout, sign-in attempts per account and per address), in the database so that every API copy counts together. Keys are hashes.
 */
export const requestCounters = pgTable(
  "request_counters",
  {
    scope: text("scope").notNull(),
    keyHash: text("key_hash").notNull(),
    count: integer("count").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.keyHash] }),
    index("request_counters_window_idx").on(table.windowEndsAt),
  ],
);
