CREATE TABLE "order_intake" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"cursor" timestamp with time zone,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"offer_id" text NOT NULL,
	"external_product_id" text,
	"name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"product_mp_id" uuid,
	"product_id" uuid,
	"books" text DEFAULT 'pending' NOT NULL,
	"reserve_id" uuid,
	"realization_id" uuid,
	"shortage" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"posting_number" text NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"ordered_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"cancelled_after_handover" boolean DEFAULT false NOT NULL,
	"before_intake" boolean DEFAULT false NOT NULL,
	"problem" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
-- Stores that existed before orders moved stock keep it off until the seller turns it on; new ones get it on.
ALTER TABLE "markets" ADD COLUMN "order_intake" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ALTER COLUMN "order_intake" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "order_intake_interval" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "order_intake_error" text;--> statement-breakpoint
ALTER TABLE "products_wh" ADD COLUMN "shelf" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "realizations" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "realizations" ADD COLUMN "posting_marketplace" text;--> statement-breakpoint
ALTER TABLE "realizations" ADD COLUMN "posting_store_id" uuid;--> statement-breakpoint
ALTER TABLE "realizations" ADD COLUMN "posting_number" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "realization_id" uuid;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "posting_marketplace" text;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "posting_store_id" uuid;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "posting_number" text;--> statement-breakpoint
ALTER TABLE "order_intake" ADD CONSTRAINT "order_intake_store_id_markets_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_intake" ADD CONSTRAINT "order_intake_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_mp_id_products_mp_id_fk" FOREIGN KEY ("product_mp_id") REFERENCES "public"."products_mp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_markets_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_line_key" ON "order_lines" USING btree ("order_id","line_key");--> statement-breakpoint
CREATE INDEX "order_lines_user_version_idx" ON "order_lines" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_unlinked_idx" ON "order_lines" USING btree ("user_id","offer_id") WHERE "order_lines"."books" = 'unlinked';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_posting_key" ON "orders" USING btree ("store_id","posting_number");--> statement-breakpoint
CREATE INDEX "orders_user_version_idx" ON "orders" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "orders_user_stage_idx" ON "orders" USING btree ("user_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "realizations_order_line_key" ON "realizations" USING btree ("order_line_id") WHERE "realizations"."order_line_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reserves_order_line_key" ON "reserves" USING btree ("order_line_id") WHERE "reserves"."order_line_id" is not null;--> statement-breakpoint
CREATE TRIGGER "orders_version" BEFORE INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_version" BEFORE INSERT OR UPDATE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
