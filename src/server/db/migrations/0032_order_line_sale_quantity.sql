ALTER TABLE "order_items" ADD COLUMN "sale_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sale_unit_price_cents" integer;--> statement-breakpoint
-- Before 0032 a sale priced a line whole, at its unit price.
UPDATE "order_items" SET "sale_quantity" = "quantity", "sale_unit_price_cents" = "unit_price_cents" WHERE "flash_sale_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_sale_quantity" CHECK (sale_quantity >= 0 AND sale_quantity <= quantity
    AND (sale_quantity = 0 OR sale_unit_price_cents IS NOT NULL));