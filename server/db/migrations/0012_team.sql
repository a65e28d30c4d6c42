CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"role" text NOT NULL,
	"can_see_costs" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('manager', 'warehouse'))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"role" text NOT NULL,
	"can_see_costs" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_role_check" CHECK ("members"."role" in ('owner', 'manager', 'warehouse'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "posting_statuses" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "posting_statuses" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "products_mp" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "products_mp" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "products_wh" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "products_wh" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "disposals" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "disposals" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "markdowns" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "markdowns" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "other_realizations" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "other_realizations" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "realizations" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "realizations" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "reserves" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_key" ON "invitations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "invitations_business_idx" ON "invitations" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "members_business_idx" ON "members" USING btree ("business_id");--> statement-breakpoint
-- Every account becomes the owner of the business it founded; the business's id is the account's id, so no owned
-- row changes. Its name starts as the person's name (or login); the owner can rename it.
INSERT INTO "businesses" ("id", "name", "created_at")
SELECT "id", coalesce(nullif(trim("first_name" || ' ' || "last_name"), ''), "login"), "created_at" FROM "users"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "members" ("user_id", "business_id", "role", "can_see_costs", "joined_at")
SELECT "id", "id", 'owner', true, "created_at" FROM "users"
ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
-- Authorship from the transaction's member (set by server/db/member-context.ts; empty for the server's own work).
-- Rows older than teams keep null: their author cannot be told apart from the server's imports.
CREATE OR REPLACE FUNCTION "bump_mirrored_row_version"() RETURNS trigger AS $$
DECLARE
  member uuid := nullif(current_setting('ostatok.member', true), '')::uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(7001, hashtext(NEW.user_id::text));
  NEW.version := nextval('row_version_seq');
  NEW.updated_at := now();
  NEW.updated_by := member;
  IF TG_OP = 'INSERT' THEN
    NEW.created_by := coalesce(NEW.created_by, member);
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "businesses_version" BEFORE INSERT OR UPDATE ON "businesses" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
CREATE TRIGGER "members_version" BEFORE INSERT OR UPDATE ON "members" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
CREATE TRIGGER "invitations_version" BEFORE INSERT OR UPDATE ON "invitations" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
