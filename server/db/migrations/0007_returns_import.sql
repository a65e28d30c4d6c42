ALTER TABLE "returns" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "marketplace_status" text;