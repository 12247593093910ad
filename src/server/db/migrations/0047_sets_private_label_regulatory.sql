CREATE TABLE "set_components" (
	"set_variant_id" integer NOT NULL,
	"component_variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"role" text DEFAULT 'standard' NOT NULL,
	"replaces_variant_id" integer,
	"is_container" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "set_components_set_variant_id_component_variant_id_pk" PRIMARY KEY("set_variant_id","component_variant_id"),
	CONSTRAINT "set_components_quantity" CHECK (quantity between 1 and 1000),
	CONSTRAINT "set_components_not_itself" CHECK (component_variant_id <> set_variant_id),
	CONSTRAINT "set_components_replaces" CHECK ((role = 'alternative') = (replaces_variant_id is not null))
);
--> statement-breakpoint
CREATE TABLE "private_label_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_label_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	CONSTRAINT "private_label_items_quantity" CHECK (quantity > 0),
	CONSTRAINT "private_label_items_price" CHECK (unit_price_cents is null or unit_price_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "private_label_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"uploaded_by" uuid,
	"decision" text,
	"decision_comment" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_label_proofs_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "private_label_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"marking" text NOT NULL,
	"placement" text NOT NULL,
	"packaging_text" text DEFAULT '' NOT NULL,
	"artwork_file_name" text,
	"artwork_stored_name" text,
	"artwork_content_type" text,
	"artwork_size_bytes" integer,
	"lead_time_days" integer,
	"deposit_percent" integer,
	"quoted_at" timestamp with time zone,
	"manufacturer_notice_at" timestamp with time zone,
	"order_id" uuid,
	"decline_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_label_requests_deposit" CHECK (deposit_percent is null or deposit_percent between 0 and 100),
	CONSTRAINT "private_label_requests_lead_time" CHECK (lead_time_days is null or lead_time_days between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "variant_regulatory" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"gmdn_code" text DEFAULT '' NOT NULL,
	"sterility" text,
	"use" text,
	"mri_safety" text DEFAULT 'not_evaluated' NOT NULL,
	"contains_latex" boolean,
	"direct_marking_di" text DEFAULT '' NOT NULL,
	"eifu_url" text DEFAULT '' NOT NULL,
	"eifu_version" text DEFAULT '' NOT NULL,
	"conformity_document_id" integer,
	"certificate_document_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "cart_items_cart_variant_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "set_components" jsonb;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "configuration_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "private_label_moq" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "set_components" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "set_components" ADD CONSTRAINT "set_components_set_variant_id_product_variants_id_fk" FOREIGN KEY ("set_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_components" ADD CONSTRAINT "set_components_component_variant_id_product_variants_id_fk" FOREIGN KEY ("component_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_components" ADD CONSTRAINT "set_components_replaces_variant_id_product_variants_id_fk" FOREIGN KEY ("replaces_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_events" ADD CONSTRAINT "private_label_events_request_id_private_label_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."private_label_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_events" ADD CONSTRAINT "private_label_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_items" ADD CONSTRAINT "private_label_items_request_id_private_label_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."private_label_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_items" ADD CONSTRAINT "private_label_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_proofs" ADD CONSTRAINT "private_label_proofs_request_id_private_label_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."private_label_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_proofs" ADD CONSTRAINT "private_label_proofs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_proofs" ADD CONSTRAINT "private_label_proofs_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_requests" ADD CONSTRAINT "private_label_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_requests" ADD CONSTRAINT "private_label_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_label_requests" ADD CONSTRAINT "private_label_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_regulatory" ADD CONSTRAINT "variant_regulatory_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_regulatory" ADD CONSTRAINT "variant_regulatory_conformity_document_id_documents_id_fk" FOREIGN KEY ("conformity_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_regulatory" ADD CONSTRAINT "variant_regulatory_certificate_document_id_documents_id_fk" FOREIGN KEY ("certificate_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_components_component_idx" ON "set_components" USING btree ("component_variant_id");--> statement-breakpoint
CREATE INDEX "private_label_events_request_idx" ON "private_label_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "private_label_items_request_variant_idx" ON "private_label_items" USING btree ("request_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "private_label_proofs_version_idx" ON "private_label_proofs" USING btree ("request_id","version");--> statement-breakpoint
CREATE INDEX "private_label_requests_organisation_idx" ON "private_label_requests" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "private_label_requests_status_idx" ON "private_label_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_variant_idx" ON "cart_items" USING btree ("cart_id","variant_id","configuration_key");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_private_label_moq" CHECK (private_label_moq is null or private_label_moq > 0);--> statement-breakpoint
ALTER TABLE "set_components" ADD CONSTRAINT "set_components_role" CHECK (role in ('standard', 'optional', 'extra', 'alternative'));--> statement-breakpoint
INSERT INTO "variant_regulatory" ("variant_id", "sterility", "use", "contains_latex")
SELECT pv.id, CASE WHEN h.sterile THEN 'sterile' ELSE 'sterilise_before_use' END,
  CASE WHEN h.single_use THEN 'single_use' ELSE 'reusable' END, CASE WHEN h.latex_free THEN false END
FROM "product_variants" pv JOIN "product_handling" h ON h.product_id = pv.product_id;--> statement-breakpoint
-- A set's inventory row holds the units its standard set can be made of now, reserved 0: the least, over its
-- standard and optional components, of each one's free units divided by its quantity; 0 while a component is off sale.
-- The row lock comes first, in its own statement, so the count after it reads what competing commits left.
CREATE FUNCTION refresh_set_stock(set_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM inventory_items WHERE variant_id = ANY(set_ids) ORDER BY variant_id FOR UPDATE;
  UPDATE inventory_items i SET current_stock = s.units, reserved_stock = 0, updated_at = now()
  FROM (
    SELECT c.set_variant_id, coalesce(min(CASE WHEN pv.is_active AND p.status = 'active'
        THEN greatest(coalesce(ci.current_stock - ci.reserved_stock, 0), 0) / c.quantity ELSE 0 END), 0)::int AS units
    FROM set_components c
    JOIN product_variants pv ON pv.id = c.component_variant_id
    JOIN products p ON p.id = pv.product_id
    LEFT JOIN inventory_items ci ON ci.variant_id = c.component_variant_id
    WHERE c.set_variant_id = ANY(set_ids) AND c.role IN ('standard', 'optional')
    GROUP BY c.set_variant_id
  ) s
  WHERE i.variant_id = s.set_variant_id AND (i.current_stock <> s.units OR i.reserved_stock <> 0);
END $$;--> statement-breakpoint
CREATE FUNCTION refresh_sets_of_component() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'inventory_items' THEN
    SELECT array_agg(DISTINCT set_variant_id ORDER BY set_variant_id) INTO ids FROM set_components WHERE component_variant_id = NEW.variant_id;
  ELSIF TG_TABLE_NAME = 'product_variants' THEN
    SELECT array_agg(DISTINCT set_variant_id ORDER BY set_variant_id) INTO ids FROM set_components WHERE component_variant_id = NEW.id;
  ELSE
    SELECT array_agg(DISTINCT c.set_variant_id ORDER BY c.set_variant_id) INTO ids FROM set_components c
    JOIN product_variants pv ON pv.id = c.component_variant_id WHERE pv.product_id = NEW.id;
  END IF;
  IF ids IS NOT NULL THEN PERFORM refresh_set_stock(ids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION refresh_set_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_set_stock(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.set_variant_id ELSE NEW.set_variant_id END]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deferred to commit: a checkout locks its components' rows in variant order first and the sets' rows last, so two
-- checkouts sharing a set never wait on each other in a circle.
CREATE CONSTRAINT TRIGGER inventory_items_refresh_sets AFTER INSERT OR UPDATE OF current_stock, reserved_stock ON inventory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refresh_sets_of_component();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_variants_refresh_sets AFTER UPDATE OF is_active ON product_variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refresh_sets_of_component();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_refresh_sets AFTER UPDATE OF status ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refresh_sets_of_component();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER set_components_refresh_set AFTER INSERT OR UPDATE OR DELETE ON set_components
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refresh_set_of_row();
--> statement-breakpoint
-- The catalogue cache (0023) hears sets and regulatory data too: a set's page changes with its components, and a
-- product's with its variants' regulatory data and the documents that data names.
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
      EXECUTE format('select array_agg(distinct d.product_id) from (%s) r join (
          select product_id, document_id from product_documents
          union all select v.product_id, g.conformity_document_id from variant_regulatory g join product_variants v on v.id = g.variant_id
          union all select v.product_id, g.certificate_document_id from variant_regulatory g join product_variants v on v.id = g.variant_id
        ) d on d.document_id = r.id', touched)
        INTO product_ids;
    WHEN 'set' THEN
      EXECUTE format('select array_agg(distinct v.product_id) from (%s) r join product_variants v on v.id = r.set_variant_id', touched)
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
  -- A set's page shows its components (names, prices, stock): it changes with each of them.
  SELECT product_ids || coalesce(array_agg(DISTINCT sv.product_id), '{}') INTO product_ids
  FROM set_components c JOIN product_variants cv ON cv.id = c.component_variant_id JOIN product_variants sv ON sv.id = c.set_variant_id
  WHERE cv.product_id = ANY(product_ids) AND NOT sv.product_id = ANY(product_ids);
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
  watched text[][] := ARRAY[['variant_regulatory', 'variant'], ['set_components', 'set']];
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
