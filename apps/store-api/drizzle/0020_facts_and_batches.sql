CREATE TABLE "product_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"lot" text NOT NULL,
	"tested_on" date,
	"certificate_sha256" text NOT NULL,
	"certificate_bytes" integer NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "product_batches_sha256_hex" CHECK ("product_batches"."certificate_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "product_batches" ADD CONSTRAINT "product_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_batches_product_idx" ON "product_batches" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_batches_one_current" ON "product_batches" USING btree ("product_id") WHERE "product_batches"."current";