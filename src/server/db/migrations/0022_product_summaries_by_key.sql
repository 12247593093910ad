-- The product summary refresh (price, price range, variant count, first catalogue number) reaches the changed
-- products by their key: planned without statistics, the join alone scanned every product on each variant write.
CREATE OR REPLACE FUNCTION refresh_product_variant_summaries(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
  WHERE p.id = ANY(ids) AND p.id = s.product_id;
$$;
