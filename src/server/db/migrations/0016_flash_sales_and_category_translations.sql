DROP INDEX "flash_sales_product_window_idx";--> statement-breakpoint
DROP INDEX "flash_sales_active_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "flash_sale_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "units" integer;--> statement-breakpoint
-- The allocation carries over; sold counts were never tied to orders, and no order line was charged a sale price.
UPDATE "flash_sales" SET "units" = "total_stock";--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "claimed_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "flash_sale_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flash_sales_product_idx" ON "flash_sales" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE INDEX "flash_sales_ends_idx" ON "flash_sales" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "order_items_flash_sale_idx" ON "order_items" USING btree ("flash_sale_id") WHERE flash_sale_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_window" CHECK (ends_at > starts_at);--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_claimed" CHECK (claimed_units >= 0 AND (units IS NULL OR claimed_units <= units));--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_price_positive" CHECK (sale_price_cents > 0);