CREATE TABLE "product_barcodes" (
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "product_barcodes_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "count_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"count_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"shelf" text DEFAULT '' NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "count_lines_quantity_not_negative" CHECK ("count_lines"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"posted_at" timestamp with time zone,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "products_wh" ADD COLUMN "barcodes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "disposals" ADD COLUMN "count_id" uuid;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "count_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "label_key" text;--> statement-breakpoint
ALTER TABLE "product_barcodes" ADD CONSTRAINT "product_barcodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_barcodes" ADD CONSTRAINT "product_barcodes_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_count_id_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_product_id_products_wh_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_wh"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counts" ADD CONSTRAINT "counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_barcodes_product_idx" ON "product_barcodes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "count_lines_count_idx" ON "count_lines" USING btree ("count_id");--> statement-breakpoint
CREATE INDEX "count_lines_user_version_idx" ON "count_lines" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "counts_user_version_idx" ON "counts" USING btree ("user_id","version");--> statement-breakpoint
-- A barcode edit is a change devices must pull: the version trigger now watches barcodes too.
DROP TRIGGER "products_wh_version" ON "products_wh";
--> statement-breakpoint
CREATE TRIGGER "products_wh_version" BEFORE INSERT OR UPDATE OF "user_id", "name", "description", "images", "confirmed", "market_ids", "shelf", "barcodes", "deleted_at" ON "products_wh" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
-- product_barcodes follows products_wh.barcodes of live products: its primary key (business, code) refuses a code
-- that another live product of the business already has (unique_violation on product_barcodes_user_id_code_pk).
CREATE OR REPLACE FUNCTION "products_wh_keep_barcodes"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "product_barcodes" WHERE "product_id" = NEW."id";
  END IF;
  IF NEW."deleted_at" IS NULL THEN
    INSERT INTO "product_barcodes" ("user_id", "code", "product_id")
    SELECT DISTINCT NEW."user_id", c, NEW."id" FROM jsonb_array_elements_text(NEW."barcodes") AS c;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "products_wh_barcodes" AFTER INSERT OR UPDATE OF "barcodes", "deleted_at", "user_id" ON "products_wh" FOR EACH ROW EXECUTE FUNCTION "products_wh_keep_barcodes"();
--> statement-breakpoint
CREATE TRIGGER "counts_version" BEFORE INSERT OR UPDATE ON "counts" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "count_lines_version" BEFORE INSERT OR UPDATE ON "count_lines" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
