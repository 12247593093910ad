CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION refresh_product_search_documents(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search_documents (product_id, document)
  SELECT p.id,
    setweight(to_tsvector('english', p.name), 'A')
    || setweight(to_tsvector('english', concat_ws(' ', c.name, replace(p.instrument_type, '-', ' '), p.brand, p.model_number)), 'B')
    || setweight(to_tsvector('english', concat_ws(' ', p.short_description, p.description,
         (SELECT string_agg(f.text, ' ') FROM product_features f WHERE f.product_id = p.id))), 'C')
    || setweight(to_tsvector('english', coalesce(
         (SELECT string_agg(s.key || ' ' || s.value, ' ') FROM product_specifications s WHERE s.product_id = p.id), '')), 'D')
  FROM products p JOIN categories c ON c.id = p.category_id
  WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document;
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert of features rebuilds each product once.
CREATE FUNCTION product_search_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    PERFORM refresh_product_search_documents(ARRAY(SELECT id FROM changed));
  ELSIF TG_TABLE_NAME = 'categories' THEN
    PERFORM refresh_product_search_documents(ARRAY(SELECT p.id FROM products p JOIN changed ch ON ch.id = p.category_id));
  ELSE
    PERFORM refresh_product_search_documents(ARRAY(SELECT DISTINCT product_id FROM changed));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER products_search_update AFTER UPDATE ON products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER categories_search_update AFTER UPDATE ON categories REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER product_features_search_insert AFTER INSERT ON product_features REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER product_features_search_update AFTER UPDATE ON product_features REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER product_features_search_delete AFTER DELETE ON product_features REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER product_specifications_search_insert AFTER INSERT ON product_specifications REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER product_specifications_search_update AFTER UPDATE ON product_specifications REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER product_specifications_search_delete AFTER DELETE ON product_specifications REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_changed();
--> statement-breakpoint
SELECT refresh_product_search_documents(ARRAY(SELECT id FROM products));
