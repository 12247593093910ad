-- Every write to what the storefront's catalogue answers show notifies the channel catalog_changes once per statement,
-- so each API process drops exactly the cached answers that show it (src/server/catalog-cache/). The payload names
-- the products and categories touched, {"p":[ids],"c":[ids]}, or {"all":true} when they are too many for one
-- notification (NOTIFY payloads stay under 8000 bytes). Product views are left out: a visit changes no answer.
-- The argument says how a table's rows lead to products: by product_id, variant_id, image_id or document id, as the
-- products or categories themselves, orders whose status changes (the products on them), or 'all'.
CREATE OR REPLACE FUNCTION notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := CASE TG_OP WHEN 'INSERT' THEN 'select * from new_rows' WHEN 'DELETE' THEN 'select * from old_rows'
    ELSE 'select * from new_rows union all select * from old_rows' END;
  product_ids integer[] := '{}';
  category_ids integer[] := '{}';
BEGIN
  CASE TG_ARGV[0]
    WHEN 'product' THEN
      EXECUTE format('select array_agg(distinct product_id) from (%s) r where product_id is not null', touched) INTO product_ids;
    WHEN 'variant' THEN
      EXECUTE format('select array_agg(distinct v.product_id) from (%s) r join product_variants v on v.id = r.variant_id', touched)
        INTO product_ids;
    WHEN 'image' THEN
      EXECUTE format('select array_agg(distinct i.product_id) from (%s) r join product_images i on i.id = r.image_id', touched)
        INTO product_ids;
    WHEN 'document' THEN
      EXECUTE format('select array_agg(distinct d.product_id) from (%s) r join product_documents d on d.document_id = r.id', touched)
        INTO product_ids;
    WHEN 'products' THEN
      EXECUTE format('select array_agg(distinct id), array_agg(distinct category_id) from (%s) r', touched)
        INTO product_ids, category_ids;
    WHEN 'category' THEN
      EXECUTE format('select array_agg(distinct id) from (%s) r', touched) INTO category_ids;
    WHEN 'order' THEN
      -- Only a change of status counts: it moves an order into or out of the paid orders recommendations and sale
      -- counts are read from.
      SELECT array_agg(DISTINCT oi.product_id) INTO product_ids
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN order_items oi ON oi.order_id = n.id
      WHERE oi.product_id IS NOT NULL AND (n.status, n.payment_status) IS DISTINCT FROM (o.status, o.payment_status);
    ELSE
      PERFORM pg_notify('catalog_changes', '{"all":true}');
      RETURN NULL;
  END CASE;
  product_ids := coalesce(product_ids, '{}');
  -- A product's category's other answers (its related products, its count) change with it.
  SELECT coalesce(array_agg(DISTINCT c), '{}') INTO category_ids FROM (
    SELECT unnest(coalesce(category_ids, '{}')) AS c
    UNION SELECT p.category_id FROM products p WHERE p.id = ANY(product_ids)
  ) s;
  IF cardinality(product_ids) + cardinality(category_ids) = 0 THEN RETURN NULL; END IF;
  IF cardinality(product_ids) + cardinality(category_ids) > 500 THEN
    PERFORM pg_notify('catalog_changes', '{"all":true}');
  ELSE
    PERFORM pg_notify('catalog_changes', json_build_object('p', product_ids, 'c', category_ids)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  watched text[][] := ARRAY[
    ['products', 'products'], ['categories', 'category'], ['product_variants', 'product'], ['product_options', 'product'],
    ['product_images', 'product'], ['product_certifications', 'product'], ['product_features', 'product'],
    ['product_specifications', 'product'], ['product_documents', 'product'], ['product_handling', 'product'],
    ['product_slug_redirects', 'product'], ['product_search_documents', 'product'], ['order_items', 'product'],
    ['inventory_items', 'variant'], ['stock_lots', 'variant'], ['price_tiers', 'variant'], ['flash_sales', 'variant'],
    ['product_image_renditions', 'image'], ['documents', 'document'], ['certifications', 'all']];
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY watched LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change(%L)', pair[1] || '_catalog_insert', pair[1], pair[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change(%L)', pair[1] || '_catalog_update', pair[1], pair[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change(%L)', pair[1] || '_catalog_delete', pair[1], pair[2]);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_catalog_update AFTER UPDATE ON orders REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change('order');
