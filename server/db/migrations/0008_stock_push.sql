CREATE TABLE "stock_push_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"market_id" text NOT NULL,
	"store_name" text NOT NULL,
	"warehouse_id" text,
	"product_mp_id" uuid NOT NULL,
	"product_id" uuid,
	"offer_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_push_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_push" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_push_log" ADD CONSTRAINT "stock_push_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_push_log" ADD CONSTRAINT "stock_push_log_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_push_settings" ADD CONSTRAINT "stock_push_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_push_log_job_idx" ON "stock_push_log" USING btree ("user_id","job_id");--> statement-breakpoint
CREATE INDEX "stock_push_log_listing_idx" ON "stock_push_log" USING btree ("user_id","product_mp_id","sent_at");