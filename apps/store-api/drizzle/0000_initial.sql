CREATE TABLE "checkout_lines" (
	"session_id" text NOT NULL,
	"position" integer NOT NULL,
	"variant_id" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"reserved" boolean NOT NULL,
	CONSTRAINT "checkout_lines_session_id_position_pk" PRIMARY KEY("session_id","position"),
	CONSTRAINT "checkout_lines_quantity_positive" CHECK ("checkout_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"locale" text,
	"time_zone" text,
	"currency_code" text NOT NULL,
	"total_amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_status_known" CHECK ("checkout_sessions"."status" IN ('open', 'paid', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_plural" text NOT NULL,
	"symbol" text NOT NULL,
	"symbol_native" text NOT NULL,
	"template" text NOT NULL,
	"decimal_digits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"total_amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"card_last4" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" integer NOT NULL,
	"type" text DEFAULT 'image' NOT NULL,
	CONSTRAINT "product_images_product_id_sort_order_pk" PRIMARY KEY("product_id","sort_order")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"ribbon_text" text,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"purchasable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"site_product_selection" text,
	"status" text DEFAULT 'published' NOT NULL,
	"type_value" text DEFAULT 'physical' NOT NULL,
	"extras" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text,
	"sku" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"sale_amount" integer,
	"currency_code" text NOT NULL,
	"manage_inventory" boolean DEFAULT false NOT NULL,
	"weight" real,
	"stock_on_hand" integer DEFAULT 0 NOT NULL,
	"stock_reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "variants_amount_nonnegative" CHECK ("variants"."amount" >= 0),
	CONSTRAINT "variants_sale_amount_nonnegative" CHECK ("variants"."sale_amount" IS NULL OR "variants"."sale_amount" >= 0),
	CONSTRAINT "variants_stock_nonnegative" CHECK ("variants"."stock_on_hand" >= 0),
	CONSTRAINT "variants_reserved_within_stock" CHECK ("variants"."stock_reserved" >= 0 AND "variants"."stock_reserved" <= "variants"."stock_on_hand")
);
--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_session_id_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_session_id_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_open_idx" ON "checkout_sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("status","sort_order");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_id","sort_order");