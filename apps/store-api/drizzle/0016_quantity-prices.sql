CREATE TABLE "quantity_prices" (
	"product_id" text NOT NULL,
	"market_code" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quantity_prices_product_id_market_code_pk" PRIMARY KEY("product_id","market_code")
);
--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD COLUMN "offer_label" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "offer_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quantity_prices" ADD CONSTRAINT "quantity_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_prices" ADD CONSTRAINT "quantity_prices_market_code_markets_code_fk" FOREIGN KEY ("market_code") REFERENCES "public"."markets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_discount_within_line" CHECK ("checkout_lines"."discount_amount" >= 0 AND "checkout_lines"."discount_amount" <= "checkout_lines"."unit_amount" * "checkout_lines"."quantity");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_within_line" CHECK ("order_lines"."discount_amount" >= 0 AND "order_lines"."discount_amount" <= "order_lines"."unit_amount" * "order_lines"."quantity");