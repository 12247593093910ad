CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" integer,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"fees_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "credit_notes_amounts" CHECK (subtotal_cents >= 0 and fees_cents >= 0 and tax_cents >= 0 and total_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"series" text PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_exclusions" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"exchange_variant_id" integer,
	CONSTRAINT "return_items_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "return_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_days" integer DEFAULT 30 NOT NULL,
	"restocking_fee_percent" integer DEFAULT 15 NOT NULL,
	"return_shipping_fee_cents" integer DEFAULT 1500 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_policy_single" CHECK (id = 1),
	CONSTRAINT "return_policy_ranges" CHECK (window_days between 0 and 365 and restocking_fee_percent between 0 and 100
    and return_shipping_fee_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "return_reasons" (
	"code" text PRIMARY KEY NOT NULL,
	"shipping_paid_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"disposition" text NOT NULL,
	"lot_id" integer,
	"lot_number" text,
	"udi" text,
	"received_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_receipts_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma" text NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photo_path" text,
	"decontamination_declared_at" timestamp with time zone,
	"recall_notice_id" integer,
	"rejection_reason" text,
	"label_carrier" text,
	"label_tracking_number" text,
	"label_pdf" bytea,
	"drop_off_instructions" text,
	"resolution" text,
	"fees_cents" integer DEFAULT 0 NOT NULL,
	"refund_id" uuid,
	"exchange_order_id" uuid,
	"resolve_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"received_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "returns_rma_unique" UNIQUE("rma"),
	CONSTRAINT "returns_recall_notice_id_unique" UNIQUE("recall_notice_id"),
	CONSTRAINT "returns_fees_nonneg" CHECK (fees_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"organisation_id" uuid,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_credit_accounts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "store_credit_accounts_organisation_id_unique" UNIQUE("organisation_id"),
	CONSTRAINT "store_credit_balance_nonneg" CHECK (balance_cents >= 0),
	CONSTRAINT "store_credit_one_owner" CHECK ((user_id is null) <> (organisation_id is null))
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"return_id" integer,
	"credit_note_id" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_nonzero" CHECK (amount_cents <> 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_exclusions" ADD CONSTRAINT "return_exclusions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_exchange_variant_id_product_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_return_item_id_return_items_id_fk" FOREIGN KEY ("return_item_id") REFERENCES "public"."return_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_recall_notice_id_recall_notices_id_fk" FOREIGN KEY ("recall_notice_id") REFERENCES "public"."recall_notices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_accounts" ADD CONSTRAINT "store_credit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_accounts" ADD CONSTRAINT "store_credit_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_account_id_store_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."store_credit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_items_order_item_idx" ON "return_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_receipts_item_idx" ON "return_receipts" USING btree ("return_item_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_entries_account_idx" ON "store_credit_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_order_spent_idx" ON "store_credit_entries" USING btree ("order_id") WHERE kind = 'spent';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_credit_range" CHECK (store_credit_cents >= 0 AND store_credit_cents <= total_cents);--> statement-breakpoint
INSERT INTO "return_policy" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "return_reasons" ("code", "shipping_paid_by") VALUES
	('damaged', 'shop'), ('wrong_item', 'shop'), ('not_as_described', 'shop'), ('defective', 'shop'),
	('no_longer_needed', 'buyer'), ('recall', 'shop');--> statement-breakpoint
-- A recall's return requests become RMAs of the reason recall: approved when asked for (the shop wants them back),
-- received (into quarantine: recalled goods are never restocked) when staff had marked them so. Each takes the order's
-- line of the recalled variant, with the notice's lots.
CREATE TEMPORARY TABLE "recall_return_map" AS
SELECT rr."id" AS "request_id", nextval(pg_get_serial_sequence('returns', 'id'))::int AS "return_id"
FROM "return_requests" rr;--> statement-breakpoint
INSERT INTO "returns" ("id", "rma", "order_id", "user_id", "status", "recall_notice_id", "drop_off_instructions",
	"created_at", "decided_at", "received_at")
SELECT m."return_id", 'RMA-' || lpad(m."return_id"::text, 6, '0'), n."order_id", n."user_id",
	CASE rr."status" WHEN 'received' THEN 'received' ELSE 'approved' END, n."id",
	'Recall ' || n."recall_id" || ': send the recalled units back to the shop.',
	rr."requested_at", rr."requested_at", rr."received_at"
FROM "recall_return_map" m
JOIN "return_requests" rr ON rr."id" = m."request_id"
JOIN "recall_notices" n ON n."id" = rr."notice_id";--> statement-breakpoint
INSERT INTO "return_items" ("return_id", "order_item_id", "quantity", "reason")
SELECT m."return_id", line."id", rr."quantity", 'recall'
FROM "recall_return_map" m
JOIN "return_requests" rr ON rr."id" = m."request_id"
JOIN "recall_notices" n ON n."id" = rr."notice_id"
JOIN "recalls" r ON r."id" = n."recall_id"
JOIN LATERAL (
	SELECT oi."id" FROM "order_items" oi WHERE oi."order_id" = n."order_id"
	ORDER BY (oi."variant_id" = r."variant_id") DESC NULLS LAST, oi."id" LIMIT 1
) line ON true;--> statement-breakpoint
INSERT INTO "return_receipts" ("return_item_id", "quantity", "disposition", "lot_number", "received_by", "created_at")
SELECT ri."id", ri."quantity", 'quarantine', array_to_string(n."lot_numbers", ', '), rr."received_by", rr."received_at"
FROM "recall_return_map" m
JOIN "return_requests" rr ON rr."id" = m."request_id"
JOIN "recall_notices" n ON n."id" = rr."notice_id"
JOIN "return_items" ri ON ri."return_id" = m."return_id"
WHERE rr."status" = 'received';--> statement-breakpoint
DROP TABLE "recall_return_map";--> statement-breakpoint
DROP TABLE "return_requests";
