DROP INDEX "products_active_created_idx";--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("is_active","created_at","id");