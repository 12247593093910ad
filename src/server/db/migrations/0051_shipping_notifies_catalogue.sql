-- The free-shipping threshold the product pages and the cart's notices show is kept with the catalogue's answers
-- (src/server/catalog-cache/): a write to shipping zones or methods drops every kept answer, as rare staff settings
-- that reach every page may (notify_catalog_change('all'), migration 0023).
DO $$
DECLARE
  watched text[] := ARRAY['shipping_zones', 'shipping_methods'];
  name text;
BEGIN
  FOREACH name IN ARRAY watched LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change(%L)', name || '_catalog_change', name, 'all');
  END LOOP;
END $$;
