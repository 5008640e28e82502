CREATE TABLE "health_heartbeat" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_heartbeat_single_row" CHECK ("health_heartbeat"."id" = 1)
);
