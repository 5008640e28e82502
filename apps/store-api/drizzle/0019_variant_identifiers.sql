ALTER TABLE "variants" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "mpn" text;--> statement-breakpoint
CREATE UNIQUE INDEX "variants_gtin_unique" ON "variants" USING btree (lpad("gtin", 14, '0'));