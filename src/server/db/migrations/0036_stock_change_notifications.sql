-- A committed change of a variant's stock (on hand or reserved) or of its low-stock threshold notifies the channel
-- stock_changes with the variant's id. PostgreSQL delivers notifications only when the transaction commits, and folds
-- the identical ones of one transaction into one: each variant is named once per commit, never for a rollback. Every
-- API process listens and follows the change through (src/server/inventory/after-stock-commit.ts): alerts, the live
-- stock push and back-in-stock mail, whichever code path moved the stock.
CREATE OR REPLACE FUNCTION notify_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stock_changes', NEW.variant_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_items_stock_change
  AFTER UPDATE OF current_stock, reserved_stock, low_stock_threshold ON inventory_items
  FOR EACH ROW
  WHEN ((OLD.current_stock, OLD.reserved_stock, OLD.low_stock_threshold)
    IS DISTINCT FROM (NEW.current_stock, NEW.reserved_stock, NEW.low_stock_threshold))
  EXECUTE FUNCTION notify_stock_change();
