CREATE TABLE "credit_note_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"next" integer NOT NULL,
	CONSTRAINT "credit_note_counter_single_row" CHECK ("credit_note_counter"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "credit_note_number" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "credit_lines" jsonb;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Refunds made before credit notes get theirs in the order they were made: CN-1001, CN-1002, … Each is one
-- amount line whose tax is worked out as includedTax does (amount × rate ÷ (1 + rate), rounded half up),
-- when the order carried tax.
UPDATE "order_refunds" SET "credit_note_number" = "numbered"."number"
FROM (
	SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS "number" FROM "order_refunds"
) AS "numbered"
WHERE "order_refunds"."id" = "numbered"."id";--> statement-breakpoint
UPDATE "order_refunds" SET "tax_amount" = (
	"order_refunds"."amount"::bigint * "orders"."tax_rate_basis_points" * 2 + (10000 + "orders"."tax_rate_basis_points")
) / (2 * (10000 + "orders"."tax_rate_basis_points"))
FROM "orders"
WHERE "orders"."id" = "order_refunds"."order_id" AND "orders"."tax_registration" IS NOT NULL AND "orders"."tax_name" IS NOT NULL AND "orders"."tax_rate_basis_points" IS NOT NULL;--> statement-breakpoint
UPDATE "order_refunds" SET "credit_lines" = jsonb_build_array(jsonb_build_object(
	'productTitle', CASE WHEN "kind" = 'cancel' THEN 'Refund on cancellation' ELSE 'Refund for returned items' END,
	'variantTitle', '',
	'quantity', NULL,
	'amount', "amount",
	'taxAmount', "tax_amount"
));--> statement-breakpoint
INSERT INTO "credit_note_counter" ("id", "next") SELECT 1, 1001 + count(*) FROM "order_refunds";--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "credit_note_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "credit_lines" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_credit_note_number_unique" UNIQUE("credit_note_number");
