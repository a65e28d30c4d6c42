CREATE INDEX "returns_product_idx" ON "returns" USING btree ("product_id");--> statement-breakpoint
-- Substring search (ILIKE '%…%') of product names and listings' articles: trigram indexes where the server has
-- pg_trgm (PostgreSQL, where it is a trusted extension). The embedded database has no pg_trgm loaded: there a
-- search scans the business's products as before.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "products_wh_name_trgm_idx" ON "products_wh" USING gin ("name" gin_trgm_ops) WHERE "deleted_at" IS NULL;
  CREATE INDEX IF NOT EXISTS "products_mp_offer_trgm_idx" ON "products_mp" USING gin ("offer_id" gin_trgm_ops) WHERE "deleted_at" IS NULL;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: product search scans the business''s products';
END
$$;
