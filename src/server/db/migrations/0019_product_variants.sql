-- Products with options and variants. Every product so far becomes a product with one variant whose id is the
-- product's own id, so every row that named a product (stock, lots, ledger, lines, lists, notices) now names its
-- variant with the same number and keeps its meaning.
CREATE TABLE "product_options" (
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" text[] NOT NULL,
	CONSTRAINT "product_options_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "product_options_position" CHECK (position BETWEEN 0 AND 2),
	CONSTRAINT "product_options_values" CHECK (cardinality("values") >= 1)
);
--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_name_idx" ON "product_options" USING btree ("product_id","name");--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"model_number" text NOT NULL,
	"gtin" text,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer,
	"weight_grams" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_model_number_unique" UNIQUE("model_number"),
	CONSTRAINT "product_variants_price_positive" CHECK (price_cents > 0),
	CONSTRAINT "product_variants_weight" CHECK (weight_grams IS NULL OR weight_grams > 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_options_idx" ON "product_variants" USING btree ("product_id","options");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_gtin_idx" ON "product_variants" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "product_variants_model_number_lower_idx" ON "product_variants" USING btree (lower("model_number"));--> statement-breakpoint
INSERT INTO "product_variants" ("id", "product_id", "position", "options", "model_number", "price_cents", "original_price_cents", "is_active", "created_at", "updated_at")
  SELECT "id", "id", 0, '{}'::jsonb, "model_number", "price_cents", "original_price_cents", true, "created_at", "updated_at" FROM "products";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('product_variants', 'id'), coalesce(max("id"), 0) + 1, false) FROM "product_variants";--> statement-breakpoint
-- The product's price, price range, variant count and first catalogue number summarise its variants (kept below).
ALTER TABLE "products" DROP CONSTRAINT "products_model_number_unique";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "model_number" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_cents" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_max_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" SET "price_max_cents" = "price_cents";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE FUNCTION refresh_product_variant_summaries(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    price_cents = s.price_cents, original_price_cents = s.original_price_cents, price_max_cents = s.price_max_cents,
    variant_count = s.variant_count, model_number = s.model_number
  FROM (
    SELECT v.product_id,
      (array_agg(v.price_cents ORDER BY NOT v.is_active, v.price_cents, v.position, v.id))[1] AS price_cents,
      (array_agg(v.original_price_cents ORDER BY NOT v.is_active, v.price_cents, v.position, v.id))[1] AS original_price_cents,
      coalesce(max(v.price_cents) FILTER (WHERE v.is_active), max(v.price_cents)) AS price_max_cents,
      count(*) FILTER (WHERE v.is_active)::integer AS variant_count,
      (array_agg(v.model_number ORDER BY v.position, v.id))[1] AS model_number
    FROM product_variants v WHERE v.product_id = ANY(ids) GROUP BY v.product_id
  ) s
  WHERE p.id = s.product_id;
$$;
--> statement-breakpoint
CREATE FUNCTION product_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_variant_summaries(ARRAY(SELECT DISTINCT product_id FROM changed));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_summary_insert AFTER INSERT ON product_variants REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_summary_update AFTER UPDATE ON product_variants REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_summary_delete AFTER DELETE ON product_variants REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
-- Stock and everything counted from it.
ALTER TABLE "inventory_items" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "inventory_items" DROP CONSTRAINT "inventory_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "inventory_items" RENAME CONSTRAINT "inventory_items_product_id_unique" TO "inventory_items_variant_id_unique";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "stock_movements_product_idx" RENAME TO "stock_movements_variant_idx";--> statement-breakpoint
ALTER TABLE "stock_lots" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "stock_lots" DROP CONSTRAINT "stock_lots_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "stock_lots_product_lot_idx" RENAME TO "stock_lots_variant_lot_idx";--> statement-breakpoint
ALTER TABLE "order_line_lots" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "order_line_lots" DROP CONSTRAINT "order_line_lots_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "order_line_lots" RENAME CONSTRAINT "order_line_lots_order_id_product_id_lot_id_pk" TO "order_line_lots_order_id_variant_id_lot_id_pk";--> statement-breakpoint
ALTER TABLE "order_line_lots" ADD CONSTRAINT "order_line_lots_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_alerts" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "inventory_alerts" DROP CONSTRAINT "inventory_alerts_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "inventory_alerts" ADD CONSTRAINT "inventory_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "inventory_alerts_product_idx" RENAME TO "inventory_alerts_variant_idx";--> statement-breakpoint
ALTER TABLE "recalls" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "recalls" DROP CONSTRAINT "recalls_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notifications" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "stock_notifications" DROP CONSTRAINT "stock_notifications_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "stock_notifications_user_product_idx" RENAME TO "stock_notifications_user_variant_idx";--> statement-breakpoint
-- Prices.
ALTER TABLE "price_tiers" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "price_tiers" DROP CONSTRAINT "price_tiers_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "price_tiers" RENAME CONSTRAINT "price_tiers_product_id_min_quantity_pk" TO "price_tiers_variant_id_min_quantity_pk";--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "flash_sales" DROP CONSTRAINT "flash_sales_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "flash_sales_product_idx" RENAME TO "flash_sales_variant_idx";--> statement-breakpoint
ALTER TABLE "organisation_prices" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "organisation_prices" ADD CONSTRAINT "organisation_prices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_prices" DROP CONSTRAINT "organisation_prices_target_key";--> statement-breakpoint
ALTER TABLE "organisation_prices" ADD CONSTRAINT "organisation_prices_target_key" UNIQUE NULLS NOT DISTINCT("organisation_id","category_id","product_id","variant_id");--> statement-breakpoint
ALTER TABLE "organisation_prices" DROP CONSTRAINT "organisation_prices_one_target";--> statement-breakpoint
ALTER TABLE "organisation_prices" ADD CONSTRAINT "organisation_prices_one_target" CHECK (num_nonnulls(category_id, product_id, variant_id) <= 1);--> statement-breakpoint
-- Lines and lists.
ALTER TABLE "cart_items" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "cart_items_cart_product_idx" RENAME TO "cart_items_cart_variant_idx";--> statement-breakpoint
ALTER TABLE "wishlist_items" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "wishlist_items" DROP CONSTRAINT "wishlist_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "wishlist_items_user_product_idx" RENAME TO "wishlist_items_user_variant_idx";--> statement-breakpoint
ALTER TABLE "quote_lines" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "quote_lines" DROP CONSTRAINT "quote_lines_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "quote_lines_quote_product_idx" RENAME TO "quote_lines_quote_variant_idx";--> statement-breakpoint
ALTER TABLE "reorder_list_items" RENAME COLUMN "product_id" TO "variant_id";--> statement-breakpoint
ALTER TABLE "reorder_list_items" DROP CONSTRAINT "reorder_list_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "reorder_list_items" ADD CONSTRAINT "reorder_list_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER INDEX "reorder_list_items_product_idx" RENAME TO "reorder_list_items_variant_idx";--> statement-breakpoint
-- Order lines keep their product for the link back and gain the variant they sold, with its label as sold.
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "order_items" SET "variant_id" = "product_id" WHERE "product_id" IS NOT NULL;
--> statement-breakpoint
-- Search finds a product by any of its variants' catalogue numbers and option values. A change to a variant
-- updates the product's summary above, whose trigger rebuilds the product's document.
CREATE OR REPLACE FUNCTION refresh_product_search_documents(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search_documents (product_id, document)
  SELECT p.id,
    setweight(to_tsvector('english', p.name), 'A')
    || setweight(to_tsvector('english', concat_ws(' ', c.name, replace(p.instrument_type, '-', ' '), p.brand,
         (SELECT string_agg(concat_ws(' ', v.model_number, (SELECT string_agg(o.value, ' ') FROM jsonb_each_text(v.options) o)), ' ')
          FROM product_variants v WHERE v.product_id = p.id))), 'B')
    || setweight(to_tsvector('english', concat_ws(' ', p.short_description, p.description,
         (SELECT string_agg(f.text, ' ') FROM product_features f WHERE f.product_id = p.id))), 'C')
    || setweight(to_tsvector('english', coalesce(
         (SELECT string_agg(s.key || ' ' || s.value, ' ') FROM product_specifications s WHERE s.product_id = p.id), '')), 'D')
  FROM products p JOIN categories c ON c.id = p.category_id
  WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document;
$$;
--> statement-breakpoint
-- Every variant's stock starts as its unlabelled lot.
CREATE OR REPLACE FUNCTION stock_lots_opening() RETURNS trigger AS $$
BEGIN
  IF NEW.current_stock > 0 THEN
    INSERT INTO stock_lots (variant_id, current_stock, reserved_stock) VALUES (NEW.variant_id, NEW.current_stock, NEW.reserved_stock);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
