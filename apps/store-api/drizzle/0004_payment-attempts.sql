CREATE TABLE "payment_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"provider_amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"redirect_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"check_after" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_attempts_status_known" CHECK ("payment_attempts"."status" IN ('pending', 'paid', 'failed', 'refused', 'abandoned', 'unmatched')),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_session_id_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_reference_idx" ON "payment_attempts" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payment_attempts_session_idx" ON "payment_attempts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_due_idx" ON "payment_attempts" USING btree ("status","check_after");