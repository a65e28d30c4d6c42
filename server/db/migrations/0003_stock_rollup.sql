ALTER TABLE "products_wh" ADD COLUMN "stock_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products_wh" ADD COLUMN "stock_value" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_wh_user_name_idx" ON "products_wh" USING btree ("user_id",lower("name"),"id") WHERE "products_wh"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_wh_user_stock_idx" ON "products_wh" USING btree ("user_id","stock_count",lower("name"),"id") WHERE "products_wh"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_wh_user_stock_desc_idx" ON "products_wh" USING btree ("user_id","stock_count" desc,lower("name"),"id") WHERE "products_wh"."deleted_at" is null;--> statement-breakpoint
-- The roll-up follows every change of a lot (insert, count, price, product, tombstone), so it can
-- never drift from the lots whatever code path writes them.
CREATE OR REPLACE FUNCTION "lots_roll_up_stock"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id THEN
    UPDATE products_wh SET
      stock_count = stock_count + (CASE WHEN NEW.deleted_at IS NULL THEN NEW.count ELSE 0 END) - (CASE WHEN OLD.deleted_at IS NULL THEN OLD.count ELSE 0 END),
      stock_value = stock_value + (CASE WHEN NEW.deleted_at IS NULL THEN NEW.count * NEW.price ELSE 0 END) - (CASE WHEN OLD.deleted_at IS NULL THEN OLD.count * OLD.price ELSE 0 END)
    WHERE id = NEW.product_id;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE products_wh SET stock_count = stock_count - OLD.count, stock_value = stock_value - OLD.count * OLD.price WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    UPDATE products_wh SET stock_count = stock_count + NEW.count, stock_value = stock_value + NEW.count * NEW.price WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "lots_stock_rollup" AFTER INSERT OR DELETE OR UPDATE OF "count", "price", "product_id", "deleted_at" ON "lots" FOR EACH ROW EXECUTE FUNCTION "lots_roll_up_stock"();
--> statement-breakpoint
-- A roll-up change is not an edit of the product: its version (and so the sync pull) stays put.
DROP TRIGGER "products_wh_version" ON "products_wh";
--> statement-breakpoint
CREATE TRIGGER "products_wh_version" BEFORE INSERT OR UPDATE OF "user_id", "name", "description", "images", "confirmed", "deleted_at" ON "products_wh" FOR EACH ROW EXECUTE FUNCTION "bump_mirrored_row_version"();
--> statement-breakpoint
UPDATE products_wh p SET
  stock_count = coalesce((SELECT sum(l.count) FROM lots l WHERE l.product_id = p.id AND l.deleted_at IS NULL), 0),
  stock_value = coalesce((SELECT sum(l.count * l.price) FROM lots l WHERE l.product_id = p.id AND l.deleted_at IS NULL), 0);
