CREATE TABLE "cod_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"shipment_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_reference" text DEFAULT '' NOT NULL,
	"paid_on" date,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_amount" CHECK (amount_minor >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_items_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	CONSTRAINT "shipment_parcels_weight_positive" CHECK (weight_grams > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"carrier" text NOT NULL,
	"carrier_name" text NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"label_pdf" "bytea",
	"incoterm" text,
	"cod_amount_minor" bigint,
	"cod_currency" text,
	"estimated_delivery" date,
	"created_by" uuid,
	"polled_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_number_unique" UNIQUE("number"),
	CONSTRAINT "shipments_status" CHECK (status IN ('booked', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned', 'cancelled')),
	CONSTRAINT "shipments_carrier" CHECK (carrier IN ('tcs', 'leopards', 'postex', 'dhl_express', 'other')),
	CONSTRAINT "shipments_cod" CHECK ((cod_amount_minor IS NULL) = (cod_currency IS NULL) AND (cod_amount_minor IS NULL OR cod_amount_minor > 0))
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "country" text DEFAULT 'PK' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hs_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text DEFAULT 'PK' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "shipment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "carrier_event_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country" text DEFAULT 'PK' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "cod_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "cod_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_parcels" ADD CONSTRAINT "shipment_parcels_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_consignment_idx" ON "cod_remittances" USING btree ("carrier","tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_items_line_idx" ON "shipment_items" USING btree ("shipment_id","order_item_id");--> statement-breakpoint
CREATE INDEX "shipment_items_order_item_idx" ON "shipment_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_parcels_position_idx" ON "shipment_parcels" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_carrier_tracking_idx" ON "shipments" USING btree ("carrier","tracking_number") WHERE carrier <> 'other';--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("polled_at") WHERE status IN ('booked', 'in_transit', 'out_for_delivery', 'exception');--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_carrier_event_idx" ON "order_events" USING btree ("shipment_id","carrier_event_id") WHERE carrier_event_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_cod" CHECK (cod_fee_cents >= 0 AND (cod_limit_cents IS NULL OR cod_limit_cents >= 0));--> statement-breakpoint
-- An order shipped before shipments existed becomes one shipment of all its lines, with the carrier and tracking
-- number staff typed and the shipped and delivered steps of its timeline. Two orders sent under one consignment number
-- keep the carrier on the first; the later one's shipment is 'other' (tracked by hand, as before).
WITH legacy AS (
  SELECT o.*, CASE lower(regexp_replace(o."carrier", '[^A-Za-z]', '', 'g'))
      WHEN 'tcs' THEN 'tcs' WHEN 'leopards' THEN 'leopards' WHEN 'leopardscourier' THEN 'leopards'
      WHEN 'postex' THEN 'postex' WHEN 'dhl' THEN 'dhl_express' WHEN 'dhlexpress' THEN 'dhl_express' ELSE 'other' END AS mapped
  FROM "orders" o
  WHERE o."tracking_number" IS NOT NULL AND o."tracking_number" <> ''
), ranked AS (
  SELECT legacy.*, row_number() OVER (PARTITION BY mapped, "tracking_number" ORDER BY "created_at", "id") AS place FROM legacy
)
INSERT INTO "shipments" ("order_id", "number", "carrier", "carrier_name", "tracking_number", "status", "estimated_delivery", "delivered_at", "created_at", "updated_at")
SELECT r."id", r."order_number" || '-1', CASE WHEN r.place = 1 THEN r.mapped ELSE 'other' END,
  coalesce(nullif(r."carrier", ''), 'Courier'), r."tracking_number",
  CASE WHEN r."status" = 'delivered' THEN 'delivered' WHEN r."status" = 'cancelled' THEN 'cancelled' ELSE 'in_transit' END,
  r."estimated_delivery",
  CASE WHEN r."status" = 'delivered' THEN coalesce((SELECT max(e."created_at") FROM "order_events" e WHERE e."order_id" = r."id" AND e."status" = 'delivered'), r."updated_at") END,
  coalesce((SELECT min(e."created_at") FROM "order_events" e WHERE e."order_id" = r."id" AND e."status" = 'shipped'), r."updated_at"),
  r."updated_at"
FROM ranked r;--> statement-breakpoint
INSERT INTO "shipment_items" ("shipment_id", "order_item_id", "quantity")
SELECT s."id", i."id", i."quantity" FROM "shipments" s JOIN "order_items" i ON i."order_id" = s."order_id";--> statement-breakpoint
UPDATE "order_events" e SET "shipment_id" = s."id"
FROM "shipments" s
WHERE s."order_id" = e."order_id" AND e."status" IN ('shipped', 'delivered');
