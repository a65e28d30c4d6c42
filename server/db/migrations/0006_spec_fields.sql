-- Fields of the product's calls (docs/architecture.md «Вызовы») the server used to drop: a product's stores (market_ids) and the purchase price typed with a sale.
ALTER TABLE "products_wh" ADD COLUMN "market_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "realizations" ADD COLUMN "entered_price" numeric(14, 2);