ALTER TABLE "markdowns" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "markdowns" ADD CONSTRAINT "markdowns_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realizations" ADD CONSTRAINT "realizations_status_known" CHECK ("realizations"."status" in ('completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_status_known" CHECK ("reserves"."status" in ('active', 'released', 'realized'));