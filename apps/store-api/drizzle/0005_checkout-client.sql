ALTER TABLE "checkout_sessions" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "checkout_sessions_client_idx" ON "checkout_sessions" USING btree ("client_key","status");