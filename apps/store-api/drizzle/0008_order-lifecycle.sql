CREATE TABLE "order_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"provider_reference" text,
	"lines" jsonb,
	"reason" text,
	"note" text,
	"last_error" text,
	"announced" boolean DEFAULT false NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0),
	CONSTRAINT "order_refunds_status_known" CHECK ("order_refunds"."status" IN ('requested', 'failed', 'to_make', 'succeeded')),
	CONSTRAINT "order_refunds_kind_known" CHECK ("order_refunds"."kind" IN ('cancel', 'return'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_fulfilment_status_known";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_known";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "cart_key" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attempt_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "customer" jsonb;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "subtotal_amount" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "shipping_amount" integer;--> statement-breakpoint
-- Attempts started before they recorded their order: the checkout's details, and the charged amount split as it was.
UPDATE "payment_attempts" AS a SET "customer" = s."customer", "subtotal_amount" = s."total_amount", "shipping_amount" = a."amount" - s."total_amount" FROM "checkout_sessions" AS s WHERE s."id" = a."session_id";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "customer" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "subtotal_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "shipping_amount" SET NOT NULL;--> statement-breakpoint
-- Money taken that became no order ("unmatched", or a reported amount that did not match, "refused") is owed back.
UPDATE "payment_attempts" SET "status" = 'refund_due' WHERE "status" IN ('unmatched', 'refused');--> statement-breakpoint

ALTER TABLE "payment_attempts" ADD COLUMN "payment_reference" text;--> statement-breakpoint
UPDATE "payment_attempts" AS a SET "payment_reference" = o."payment_reference" FROM "orders" AS o WHERE o."session_id" = a."session_id" AND a."status" = 'paid';--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_status_idx" ON "order_refunds" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_cart_idx" ON "checkout_sessions" USING btree ("cart_key","status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_attempt_id_unique" UNIQUE("payment_attempt_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_returned_within_quantity" CHECK ("order_lines"."returned_quantity" >= 0 AND "order_lines"."returned_quantity" <= "order_lines"."quantity");--> statement-breakpoint
UPDATE "orders" SET "captured_amount" = "total_amount" WHERE "payment_status" IN ('paid', 'cod_collected', 'refunded');--> statement-breakpoint
UPDATE "orders" SET "refunded_amount" = "total_amount" WHERE "payment_status" = 'refunded';--> statement-breakpoint
-- Paid orders cancelled before refunds were recorded: their refund is one for the owner to make and record.
INSERT INTO "order_refunds" ("id", "order_id", "kind", "amount", "currency_code", "status", "announced", "actor", "reason", "created_at", "updated_at") SELECT 'rf_' || "id", "id", 'cancel', "total_amount", "currency_code", 'to_make', true, 'system', 'Cancelled before this version recorded refunds', now(), now() FROM "orders" WHERE "fulfilment_status" = 'cancelled' AND "payment_status" = 'paid';--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'refund_due' WHERE "fulfilment_status" = 'cancelled' AND "payment_status" = 'paid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunds_within_capture" CHECK ("orders"."captured_amount" >= 0 AND "orders"."captured_amount" <= "orders"."total_amount" AND "orders"."refunded_amount" >= 0 AND "orders"."refunded_amount" <= "orders"."captured_amount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" IN ('pending', 'paid', 'cod_due', 'cod_collected', 'refund_due', 'partially_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_known" CHECK ("orders"."fulfilment_status" IN ('unfulfilled', 'packed', 'shipped', 'delivered', 'returned', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_amounts_add_up" CHECK ("payment_attempts"."amount" = "payment_attempts"."subtotal_amount" + "payment_attempts"."shipping_amount");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_known" CHECK ("payment_attempts"."status" IN ('pending', 'superseded', 'paid', 'failed', 'abandoned', 'refund_due', 'refunded'));