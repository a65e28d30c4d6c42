CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_turns" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacer_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tat" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacer_spends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_chunks" (
	"name" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "upload_chunks_name_seq_pk" PRIMARY KEY("name","seq")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_turns" ADD CONSTRAINT "job_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_name_uploads_name_fk" FOREIGN KEY ("name") REFERENCES "public"."uploads"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pacer_spends_key_at_idx" ON "pacer_spends" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_pending_key" ON "jobs" USING btree ("user_id","kind","dedupe_key") WHERE "jobs"."status" = 'queued' and "jobs"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "jobs_running_user_idx" ON "jobs" USING btree ("user_id") WHERE "jobs"."status" = 'running';--> statement-breakpoint
-- Every sign-in so far becomes a session, revoked if any of its refresh tokens was.
INSERT INTO "sessions" ("id", "user_id", "created_at", "revoked_at")
SELECT "family_id", (array_agg("user_id"))[1], min("created_at"),
       CASE WHEN bool_or("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "refresh_tokens" GROUP BY "family_id";
--> statement-breakpoint
-- Sealed token pairs kept for refresh retries: from now on they live only while the retry window is open.
DELETE FROM "idempotency_records" WHERE "scope" LIKE 'refresh:%';
--> statement-breakpoint
-- market_ids (0006) and shelf (0010) were left out of the columns whose edit moves a product's version, so
-- the sync pull never delivered an edit of only those to other devices, and page caches could not see it.
DROP TRIGGER "products_wh_version" ON "products_wh";
--> statement-breakpoint
CREATE TRIGGER "products_wh_version" BEFORE INSERT OR UPDATE OF "user_id", "name", "description", "images", "confirmed", "market_ids", "shelf", "deleted_at" ON "products_wh" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
