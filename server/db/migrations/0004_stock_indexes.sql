CREATE INDEX "lots_batch_idx" ON "lots" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "other_realizations_batch_idx" ON "other_realizations" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "stock_movements_lot_idx" ON "stock_movements" USING btree ("lot_id");