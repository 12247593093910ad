-- Every inventory item's stock starts as its unlabelled lot, however the item is created (seed, import, fixtures).
CREATE OR REPLACE FUNCTION stock_lots_opening() RETURNS trigger AS $$
BEGIN
  IF NEW.current_stock > 0 THEN
    INSERT INTO stock_lots (product_id, current_stock, reserved_stock) VALUES (NEW.product_id, NEW.current_stock, NEW.reserved_stock);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER inventory_items_opening_lot AFTER INSERT ON inventory_items
  FOR EACH ROW EXECUTE FUNCTION stock_lots_opening();
--> statement-breakpoint
-- Stock that exists already becomes an opening lot without a number or expiry, so the figures stay as they were.
INSERT INTO stock_lots (product_id, current_stock, reserved_stock)
  SELECT product_id, current_stock, reserved_stock FROM inventory_items
  WHERE current_stock > 0 AND NOT EXISTS (SELECT 1 FROM stock_lots l WHERE l.product_id = inventory_items.product_id);
--> statement-breakpoint
-- Handling flags of the demo catalogue's instrument types (the seed sets the same through handling-flags.ts).
INSERT INTO product_handling (product_id, sterile, single_use, latex_free, cold_chain)
  SELECT id,
    instrument_type IN ('locking-compression-plate', 'cortical-bone-screw', 'cancellous-bone-screw'),
    instrument_type IN ('locking-compression-plate', 'cortical-bone-screw', 'cancellous-bone-screw',
      'steam-indicator-tape', 'self-sealing-sterilization-pouches', 'bowie-dick-test-pack'),
    true,
    false
  FROM products
  WHERE instrument_type IN ('locking-compression-plate', 'cortical-bone-screw', 'cancellous-bone-screw',
    'steam-indicator-tape', 'self-sealing-sterilization-pouches', 'bowie-dick-test-pack',
    'cardiology-stethoscope', 'dual-head-stethoscope', 'aneroid-sphygmomanometer', 'automatic-blood-pressure-monitor')
  ON CONFLICT (product_id) DO NOTHING;
