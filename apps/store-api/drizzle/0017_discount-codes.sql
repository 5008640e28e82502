CREATE TABLE "code_redemptions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"code_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"order_id" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "code_redemptions_status_known" CHECK ("code_redemptions"."status" IN ('held', 'used', 'released'))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amounts" jsonb NOT NULL,
	"minimums" jsonb NOT NULL,
	"markets" jsonb NOT NULL,
	"product_ids" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_uses" integer,
	"uses_per_email" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_kind_known" CHECK ("discount_codes"."kind" IN ('percent', 'amount')),
	CONSTRAINT "discount_codes_percent_valid" CHECK (("discount_codes"."kind" = 'percent') = ("discount_codes"."percent" IS NOT NULL) AND ("discount_codes"."percent" IS NULL OR ("discount_codes"."percent" >= 1 AND "discount_codes"."percent" <= 100))),
	CONSTRAINT "discount_codes_uses_positive" CHECK (("discount_codes"."total_uses" IS NULL OR "discount_codes"."total_uses" > 0) AND ("discount_codes"."uses_per_email" IS NULL OR "discount_codes"."uses_per_email" > 0))
);
--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD COLUMN "code_discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "code_refusals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "code_discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_session_id_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_redemptions_code_idx" ON "code_redemptions" USING btree ("code_id","status");--> statement-breakpoint
CREATE INDEX "code_redemptions_email_idx" ON "code_redemptions" USING btree ("code_id","email");--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_code_within_discount" CHECK ("checkout_lines"."code_discount_amount" >= 0 AND "checkout_lines"."code_discount_amount" <= "checkout_lines"."discount_amount");