-- Every row takes its version from one sequence on every write. For mirrored tables the
-- trigger first takes a per-user transaction lock, so one user's versions are handed out in
-- commit order and a pull cursor can never skip a row committed late.
CREATE SEQUENCE IF NOT EXISTS "row_version_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_row_version"() RETURNS trigger AS $$
BEGIN
  NEW.version := nextval('row_version_seq');
  NEW.updated_at := now();
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_mirrored_row_version"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7001, hashtext(NEW.user_id::text));
  NEW.version := nextval('row_version_seq');
  NEW.updated_at := now();
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "users_version" BEFORE INSERT OR UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_version" BEFORE INSERT OR UPDATE ON "refresh_tokens" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
CREATE TRIGGER "idempotency_records_version" BEFORE INSERT OR UPDATE ON "idempotency_records" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
CREATE TRIGGER "jobs_version" BEFORE INSERT OR UPDATE ON "jobs" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
CREATE TRIGGER "markets_version" BEFORE INSERT OR UPDATE ON "markets" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "products_wh_version" BEFORE INSERT OR UPDATE ON "products_wh" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "products_mp_version" BEFORE INSERT OR UPDATE ON "products_mp" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "posting_statuses_version" BEFORE INSERT OR UPDATE ON "posting_statuses" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "batches_version" BEFORE INSERT OR UPDATE ON "batches" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "lots_version" BEFORE INSERT OR UPDATE ON "lots" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "disposals_version" BEFORE INSERT OR UPDATE ON "disposals" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "markdowns_version" BEFORE INSERT OR UPDATE ON "markdowns" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "other_realizations_version" BEFORE INSERT OR UPDATE ON "other_realizations" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "reserves_version" BEFORE INSERT OR UPDATE ON "reserves" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "realizations_version" BEFORE INSERT OR UPDATE ON "realizations" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "returns_version" BEFORE INSERT OR UPDATE ON "returns" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
CREATE TRIGGER "stock_movements_version" BEFORE INSERT OR UPDATE ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
