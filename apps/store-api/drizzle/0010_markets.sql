CREATE TABLE "markets" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"countries" jsonb NOT NULL,
	"currency_code" text NOT NULL,
	"locale" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"tax_name" text,
	"tax_rate_basis_points" integer,
	"tax_registration" text,
	"payment_methods" jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "markets_currency_code_unique" UNIQUE("currency_code"),
	CONSTRAINT "markets_tax_rate_valid" CHECK ("markets"."tax_rate_basis_points" IS NULL OR ("markets"."tax_rate_basis_points" >= 0 AND "markets"."tax_rate_basis_points" <= 10000))
);
--> statement-breakpoint
CREATE TABLE "variant_prices" (
	"variant_id" text NOT NULL,
	"currency_code" text NOT NULL,
	"amount" integer NOT NULL,
	"sale_amount" integer,
	CONSTRAINT "variant_prices_variant_id_currency_code_pk" PRIMARY KEY("variant_id","currency_code"),
	CONSTRAINT "variant_prices_amount_nonnegative" CHECK ("variant_prices"."amount" >= 0),
	CONSTRAINT "variant_prices_sale_amount_nonnegative" CHECK ("variant_prices"."sale_amount" IS NULL OR "variant_prices"."sale_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "variants_amount_nonnegative";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "variants_sale_amount_nonnegative";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "variants_currency_code_currencies_code_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "market_code" text DEFAULT 'np' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_code" text DEFAULT 'np' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_registration" text;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "variant_prices" ("variant_id", "currency_code", "amount", "sale_amount") SELECT "id", "currency_code", "amount", "sale_amount" FROM "variants";--> statement-breakpoint
DELETE FROM "shipping_rates" WHERE "currency_code" = 'NPR' AND "country_code" <> 'NP';--> statement-breakpoint
ALTER TABLE "variants" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "variants" DROP COLUMN "sale_amount";--> statement-breakpoint
ALTER TABLE "variants" DROP COLUMN "currency_code";