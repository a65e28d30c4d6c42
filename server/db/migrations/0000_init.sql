CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"progress" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"market_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"marketplace" text DEFAULT '-' NOT NULL,
	"access_token_enc" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "posting_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_mp_id" uuid NOT NULL,
	"awaiting_packaging" integer DEFAULT 0 NOT NULL,
	"awaiting_deliver" integer DEFAULT 0 NOT NULL,
	"delivering" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products_mp" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_wh_id" uuid NOT NULL,
	"market_ref" uuid,
	"marketplace" text NOT NULL,
	"market_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"external_id" text,
	"name" text DEFAULT '' NOT NULL,
	"primary_image" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products_wh" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'purchase' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "disposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_id" uuid,
	"return_id" uuid,
	"count" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"datetime" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "disposals_count_positive" CHECK ("disposals"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_id" uuid,
	"return_id" uuid,
	"count" integer NOT NULL,
	"count_max" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_return" boolean DEFAULT false NOT NULL,
	"count_max_edited" boolean DEFAULT false NOT NULL,
	"price_edited" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "lots_count_range" CHECK ("lots"."count" >= 0 and "lots"."count" <= "lots"."count_max"),
	CONSTRAINT "lots_price_non_negative" CHECK ("lots"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "markdowns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_id" uuid,
	"return_id" uuid,
	"datetime" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"markdown_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"release" boolean DEFAULT false NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "other_realizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_id" uuid,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"marketplace" text,
	"count" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"realization_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"release" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "other_realizations_count_positive" CHECK ("other_realizations"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "realizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"realization_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"datetime" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "realizations_count_positive" CHECK ("realizations"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "reserves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "reserves_count_positive" CHECK ("reserves"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"source_table" text NOT NULL,
	"source_id" uuid NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"market_ref" uuid,
	"marketplace" text,
	"market_id" text,
	"external_id" text,
	"order_number" text DEFAULT '' NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"status" text,
	"processed" boolean DEFAULT false NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"markdown_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"final_moment" timestamp with time zone,
	"batch_id" uuid,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_statuses" ADD CONSTRAINT "posting_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_statuses" ADD CONSTRAINT "posting_statuses_product_mp_id_products_mp_id_fk" FOREIGN KEY ("product_mp_id") REFERENCES "public"."products_mp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products_mp" ADD CONSTRAINT "products_mp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products_mp" ADD CONSTRAINT "products_mp_product_wh_id_products_wh_id_fk" FOREIGN KEY ("product_wh_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products_mp" ADD CONSTRAINT "products_mp_market_ref_markets_id_fk" FOREIGN KEY ("market_ref") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products_wh" ADD CONSTRAINT "products_wh_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposals" ADD CONSTRAINT "disposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposals" ADD CONSTRAINT "disposals_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposals" ADD CONSTRAINT "disposals_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markdowns" ADD CONSTRAINT "markdowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markdowns" ADD CONSTRAINT "markdowns_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markdowns" ADD CONSTRAINT "markdowns_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_realizations" ADD CONSTRAINT "other_realizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_realizations" ADD CONSTRAINT "other_realizations_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_realizations" ADD CONSTRAINT "other_realizations_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realizations" ADD CONSTRAINT "realizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realizations" ADD CONSTRAINT "realizations_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserves" ADD CONSTRAINT "reserves_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_market_ref_markets_id_fk" FOREIGN KEY ("market_ref") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_key" ON "users" USING btree ("login");--> statement-breakpoint
CREATE INDEX "auth_attempts_key_at_idx" ON "auth_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "markets_user_market_id_key" ON "markets" USING btree ("user_id","market_id") WHERE "markets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "markets_user_version_idx" ON "markets" USING btree ("user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_statuses_listing_key" ON "posting_statuses" USING btree ("product_mp_id");--> statement-breakpoint
CREATE INDEX "posting_statuses_user_version_idx" ON "posting_statuses" USING btree ("user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "products_mp_offer_key" ON "products_mp" USING btree ("user_id","marketplace","market_id","offer_id") WHERE "products_mp"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_mp_product_idx" ON "products_mp" USING btree ("product_wh_id");--> statement-breakpoint
CREATE INDEX "products_mp_user_version_idx" ON "products_mp" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "products_wh_user_version_idx" ON "products_wh" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "batches_user_version_idx" ON "batches" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "batches_user_date_idx" ON "batches" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "disposals_product_idx" ON "disposals" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "disposals_user_version_idx" ON "disposals" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "lots_product_fifo_idx" ON "lots" USING btree ("product_id","received_at");--> statement-breakpoint
CREATE INDEX "lots_user_version_idx" ON "lots" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "markdowns_product_idx" ON "markdowns" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "markdowns_user_version_idx" ON "markdowns" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "other_realizations_product_idx" ON "other_realizations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "other_realizations_user_version_idx" ON "other_realizations" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "realizations_product_idx" ON "realizations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "realizations_user_version_idx" ON "realizations" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "reserves_product_idx" ON "reserves" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "reserves_user_version_idx" ON "reserves" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_table","source_id");--> statement-breakpoint
CREATE INDEX "stock_movements_user_version_idx" ON "stock_movements" USING btree ("user_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_external_key" ON "returns" USING btree ("user_id","marketplace","market_id","external_id") WHERE "returns"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "returns_user_version_idx" ON "returns" USING btree ("user_id","version");