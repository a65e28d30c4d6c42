CREATE TABLE "product_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"live" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_totals" ADD CONSTRAINT "product_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Inserts come in pages (a catalog import writes hundreds at once): counted once per statement.
CREATE OR REPLACE FUNCTION "products_wh_count_inserted"() RETURNS trigger AS $$
BEGIN
  INSERT INTO product_totals (user_id, live)
    SELECT user_id, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET live = product_totals.live + EXCLUDED.live;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "products_wh_totals_insert" AFTER INSERT ON "products_wh" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_wh_count_inserted"();
--> statement-breakpoint
-- Tombstones, restores and deletes, row by row; stock roll-ups (other columns) never fire it.
CREATE OR REPLACE FUNCTION "products_wh_count_changed"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE product_totals SET live = live - 1 WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.deleted_at IS NULL THEN
    INSERT INTO product_totals (user_id, live) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET live = product_totals.live + 1;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "products_wh_totals_change" AFTER DELETE OR UPDATE OF "deleted_at", "user_id" ON "products_wh" FOR EACH ROW EXECUTE FUNCTION "products_wh_count_changed"();
--> statement-breakpoint
INSERT INTO product_totals (user_id, live)
  SELECT user_id, count(*) FROM products_wh WHERE deleted_at IS NULL GROUP BY user_id;
