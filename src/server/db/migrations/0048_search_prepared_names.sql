CREATE TABLE "search_names" (
	"name" text PRIMARY KEY NOT NULL,
	"lowered" text NOT NULL,
	"words" text[] NOT NULL,
	"stems" "tsvector" NOT NULL,
	"product_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search_documents" ADD COLUMN "heading" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_names_trgm_idx" ON "search_names" USING gin ("lowered" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_names_stems_idx" ON "search_names" USING gin ("stems");--> statement-breakpoint
CREATE INDEX "product_search_documents_heading_idx" ON "product_search_documents" USING gin ("heading");--> statement-breakpoint
-- The document's A and B parts as their own vector: the same lexemes and positions as ts_filter(document, '{a,b}').
CREATE OR REPLACE FUNCTION refresh_product_search_documents(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search_documents (product_id, document, heading)
  SELECT d.id, d.heading || d.texts || d.specifications, d.heading
  FROM (
    SELECT p.id,
      setweight(to_tsvector('english', p.name), 'A')
      || setweight(to_tsvector('english', concat_ws(' ', c.name, replace(p.instrument_type, '-', ' '), p.brand,
           (SELECT string_agg(concat_ws(' ', v.model_number, (SELECT string_agg(o.value, ' ') FROM jsonb_each_text(v.options) o)), ' ')
            FROM product_variants v WHERE v.product_id = p.id))), 'B') AS heading,
      setweight(to_tsvector('english', concat_ws(' ', p.short_description, p.description,
           (SELECT string_agg(f.text, ' ') FROM product_features f WHERE f.product_id = p.id))), 'C') AS texts,
      setweight(to_tsvector('english', coalesce(
           (SELECT string_agg(s.key || ' ' || s.value, ' ') FROM product_specifications s WHERE s.product_id = p.id), '')), 'D') AS specifications
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id = ANY(ids)
  ) d
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document, heading = excluded.heading;
$$;
--> statement-breakpoint
SELECT refresh_product_search_documents(ARRAY(SELECT id FROM products));
--> statement-breakpoint
-- Products added to and removed from their names: the row lock of each name orders concurrent writers, so a name is
-- dropped only when no committed or pending product has it.
CREATE FUNCTION move_search_names(added_ids integer[], added text[], removed_ids integer[], removed text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_names (name, lowered, words, stems, product_ids)
  SELECT d.name, lower(d.name), regexp_split_to_array(lower(d.name), '[^[:alnum:]]+'), to_tsvector('english', d.name),
    coalesce(array_agg(d.id ORDER BY d.id) FILTER (WHERE d.added), '{}')
  FROM (SELECT a.id, a.name, true AS added FROM unnest(added_ids, added) a(id, name)
        UNION ALL SELECT r.id, r.name, false FROM unnest(removed_ids, removed) r(id, name)) d
  GROUP BY d.name ORDER BY d.name
  ON CONFLICT (name) DO UPDATE SET product_ids = ARRAY(
    SELECT DISTINCT i FROM unnest(search_names.product_ids || excluded.product_ids) i
    WHERE i <> ALL(ARRAY(SELECT r.id FROM unnest(removed_ids, removed) r(id, name) WHERE r.name = excluded.name))
    ORDER BY i);
  DELETE FROM search_names WHERE name = ANY(removed) AND cardinality(product_ids) = 0;
$$;
--> statement-breakpoint
CREATE FUNCTION search_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM move_search_names(ARRAY(SELECT id FROM new_rows ORDER BY id), ARRAY(SELECT name FROM new_rows ORDER BY id), '{}', '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM move_search_names('{}', '{}', ARRAY(SELECT id FROM old_rows ORDER BY id), ARRAY(SELECT name FROM old_rows ORDER BY id));
  ELSE
    -- Most updates change no name: nothing to do.
    PERFORM move_search_names(a.ids, a.new_names, a.ids, a.old_names)
    FROM (SELECT array_agg(n.id ORDER BY n.id) AS ids, array_agg(n.name ORDER BY n.id) AS new_names,
            array_agg(o.name ORDER BY n.id) AS old_names
          FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name <> o.name) a
    WHERE a.ids IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_names_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER products_search_names_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER products_search_names_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
SELECT move_search_names(ARRAY(SELECT id FROM products ORDER BY id), ARRAY(SELECT name FROM products ORDER BY id), '{}', '{}');
