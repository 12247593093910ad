CREATE TABLE "licence_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"reason" text NOT NULL,
	"licence_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_reminders" (
	"licence_id" integer NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"licence_type" text NOT NULL,
	"licence_number" text NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licences_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "lot_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"serial" text NOT NULL,
	"order_id" uuid
);
--> statement-breakpoint
CREATE TABLE "order_line_lots" (
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_line_lots_order_id_product_id_lot_id_pk" PRIMARY KEY("order_id","product_id","lot_id"),
	CONSTRAINT "order_line_lots_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "product_handling" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"sterile" boolean DEFAULT false NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"latex_free" boolean DEFAULT false NOT NULL,
	"cold_chain" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lot_number" text,
	"expiry_date" date,
	"gtin" text,
	"current_stock" integer DEFAULT 0 NOT NULL,
	"reserved_stock" integer DEFAULT 0 NOT NULL,
	"recalled_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_lots_current_nonneg" CHECK (current_stock >= 0),
	CONSTRAINT "stock_lots_reserved_range" CHECK (reserved_stock >= 0 AND reserved_stock <= current_stock)
);
--> statement-breakpoint
CREATE TABLE "order_invoices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"payment_terms" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"category_id" integer,
	"product_id" integer,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_prices_target_key" UNIQUE NULLS NOT DISTINCT("organisation_id","category_id","product_id"),
	CONSTRAINT "organisation_prices_one_target" CHECK (category_id IS NULL OR product_id IS NULL),
	CONSTRAINT "organisation_prices_value_positive" CHECK (value > 0)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"licence_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"account_manager_id" uuid,
	"payment_terms" text DEFAULT 'none' NOT NULL,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "organisations_credit_limit_nonneg" CHECK (credit_limit_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_tiers" (
	"product_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "price_tiers_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "price_tiers_min_quantity" CHECK (min_quantity >= 2),
	CONSTRAINT "price_tiers_price_positive" CHECK (unit_price_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "recall_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"recall_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"lot_numbers" text[] NOT NULL,
	"notified_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "recall_notices_quantity_positive" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lot_numbers" text[] NOT NULL,
	"reason" text NOT NULL,
	"opened_by" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	CONSTRAINT "return_requests_notice_id_unique" UNIQUE("notice_id")
);
--> statement-breakpoint
CREATE TABLE "reorder_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"par_level" integer NOT NULL,
	"last_on_hand" integer,
	"counted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reorder_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "series" text;--> statement-breakpoint
UPDATE "documents" SET "series" = "slug";--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "series" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issued_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "licence_blocks" ADD CONSTRAINT "licence_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_blocks" ADD CONSTRAINT "licence_blocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_blocks" ADD CONSTRAINT "licence_blocks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_blocks" ADD CONSTRAINT "licence_blocks_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_reminders" ADD CONSTRAINT "licence_reminders_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_serials" ADD CONSTRAINT "lot_serials_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_serials" ADD CONSTRAINT "lot_serials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_lots" ADD CONSTRAINT "order_line_lots_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_lots" ADD CONSTRAINT "order_line_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_lots" ADD CONSTRAINT "order_line_lots_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_handling" ADD CONSTRAINT "product_handling_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_prices" ADD CONSTRAINT "organisation_prices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_prices" ADD CONSTRAINT "organisation_prices_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_prices" ADD CONSTRAINT "organisation_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_notice_id_recall_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."recall_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_list_items" ADD CONSTRAINT "reorder_list_items_list_id_reorder_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."reorder_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_list_items" ADD CONSTRAINT "reorder_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_lists" ADD CONSTRAINT "reorder_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_blocks_created_idx" ON "licence_blocks" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_reminders_once_idx" ON "licence_reminders" USING btree ("licence_id","days_before");--> statement-breakpoint
CREATE INDEX "licences_user_idx" ON "licences" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "licences_status_idx" ON "licences" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lot_serials_lot_serial_idx" ON "lot_serials" USING btree ("lot_id","serial");--> statement-breakpoint
CREATE INDEX "lot_serials_order_idx" ON "lot_serials" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_line_lots_lot_idx" ON "order_line_lots" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lots_product_lot_idx" ON "stock_lots" USING btree ("product_id","lot_number");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lots_unlabelled_idx" ON "stock_lots" USING btree ("product_id") WHERE lot_number is null;--> statement-breakpoint
CREATE INDEX "stock_lots_expiry_idx" ON "stock_lots" USING btree ("expiry_date") WHERE expiry_date is not null;--> statement-breakpoint
CREATE INDEX "stock_lots_gtin_idx" ON "stock_lots" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "order_invoices_open_idx" ON "order_invoices" USING btree ("organisation_id") WHERE paid_at IS NULL;--> statement-breakpoint
CREATE INDEX "organisations_status_submitted_idx" ON "organisations" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recall_notices_recall_order_idx" ON "recall_notices" USING btree ("recall_id","order_id");--> statement-breakpoint
CREATE INDEX "recall_notices_user_idx" ON "recall_notices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recalls_opened_idx" ON "recalls" USING btree ("opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reorder_list_items_product_idx" ON "reorder_list_items" USING btree ("list_id","product_id");--> statement-breakpoint
CREATE INDEX "reorder_list_items_list_idx" ON "reorder_list_items" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reorder_lists_user_name_idx" ON "reorder_lists" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "documents_series_version_idx" ON "documents" USING btree ("series","version");