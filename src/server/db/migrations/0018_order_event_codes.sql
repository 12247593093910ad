ALTER TABLE "order_events" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "event_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The shop's own texts get their codes back from the English it wrote (the texts with values only on the status the
-- shop writes them with); anything else was typed by staff and stays uncoded. Descriptions are kept as they are.
UPDATE "order_events" SET "event" = CASE "description"
  WHEN 'Order placed' THEN 'placed'
  WHEN 'Payment received' THEN 'payment_received'
  WHEN 'Order confirmed' THEN 'confirmed'
  WHEN 'Order is being prepared for shipment' THEN 'processing'
  WHEN 'Order delivered' THEN 'delivered'
  WHEN 'Order cancelled by the buyer' THEN 'cancelled_by_buyer'
  WHEN 'Order cancelled by Sialkot Surgical' THEN 'cancelled_by_shop'
  WHEN 'Reservation expired: payment not completed' THEN 'reservation_expired'
  WHEN 'Invoice payment received' THEN 'invoice_paid'
END;--> statement-breakpoint
UPDATE "order_events" SET "event" = 'confirmed_on_terms',
  "event_params" = jsonb_build_object('terms', CASE (terms.m)[1] WHEN 'Net 30' THEN 'net30' ELSE 'net60' END, 'dueDate', (terms.m)[2])
FROM (SELECT "id", regexp_match("description", '^Order confirmed on (Net 30|Net 60) terms: payment due by ([0-9]{4}-[0-9]{2}-[0-9]{2})$') AS m
  FROM "order_events") AS terms
WHERE terms."id" = "order_events"."id" AND terms.m IS NOT NULL AND "order_events"."status" = 'confirmed';--> statement-breakpoint
UPDATE "order_events" SET "event" = 'shipped', "event_params" = jsonb_build_object('carrier', (shipped.m)[1], 'trackingNumber', (shipped.m)[2])
FROM (SELECT "id", regexp_match("description", '^Order shipped with (.+), tracking number (.+)$') AS m FROM "order_events") AS shipped
WHERE shipped."id" = "order_events"."id" AND shipped.m IS NOT NULL AND "order_events"."status" = 'shipped';--> statement-breakpoint
UPDATE "order_events" SET "event" = 'payment_failed', "event_params" = jsonb_build_object('reason', (failed.m)[1])
FROM (SELECT "id", regexp_match("description", '^Payment failed: (.+)$') AS m FROM "order_events") AS failed
WHERE failed."id" = "order_events"."id" AND failed.m IS NOT NULL AND "order_events"."status" = 'cancelled';
