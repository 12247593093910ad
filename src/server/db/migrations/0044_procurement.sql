CREATE TABLE "punchout_identities" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"from_domain" text NOT NULL,
	"from_identity" text NOT NULL,
	"secret_hash" text NOT NULL,
	"price_mismatch" text DEFAULT 'refuse' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_order_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"po_number" text NOT NULL,
	"payload_id" text NOT NULL,
	"order_id" uuid,
	"status_code" integer NOT NULL,
	"status_text" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"operation" text DEFAULT 'create' NOT NULL,
	"buyer_cookie" text DEFAULT '' NOT NULL,
	"return_url" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_token_hash" text NOT NULL,
	"start_expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_order_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"standing_order_id" integer NOT NULL,
	"run_on" date NOT NULL,
	"status" text NOT NULL,
	"order_id" uuid,
	"order_request_id" integer,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_order_runs_status_check" CHECK (status in ('placed', 'held', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"department_id" integer,
	"frequency" text NOT NULL,
	"next_run_on" date NOT NULL,
	"skip_run_on" date,
	"notice_sent_for" date,
	"order_details" jsonb NOT NULL,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unspsc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "contract_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "price_contract_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "price_contract_starts_on" date;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "price_contract_ends_on" date;--> statement-breakpoint
ALTER TABLE "reorder_lists" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "punchout_identities" ADD CONSTRAINT "punchout_identities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_identities" ADD CONSTRAINT "punchout_identities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_order_requests" ADD CONSTRAINT "punchout_order_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_order_requests" ADD CONSTRAINT "punchout_order_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_order_request_id_order_requests_id_fk" FOREIGN KEY ("order_request_id") REFERENCES "public"."order_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_list_id_reorder_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."reorder_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_department_id_organisation_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."organisation_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_identities_credential_key" ON "punchout_identities" USING btree (lower("from_domain"),lower("from_identity"));--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_order_requests_po_key" ON "punchout_order_requests" USING btree ("organisation_id","po_number");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_start_token_key" ON "punchout_sessions" USING btree ("start_token_hash");--> statement-breakpoint
CREATE INDEX "punchout_sessions_user_idx" ON "punchout_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_runs_period_key" ON "standing_order_runs" USING btree ("standing_order_id","run_on");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_orders_list_key" ON "standing_orders" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "standing_orders_due_idx" ON "standing_orders" USING btree ("next_run_on") WHERE paused_at is null;--> statement-breakpoint
ALTER TABLE "reorder_lists" ADD CONSTRAINT "reorder_lists_department_id_organisation_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."organisation_departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reorder_lists_department_idx" ON "reorder_lists" USING btree ("department_id") WHERE department_id is not null;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_price_contract_dates" CHECK (price_contract_ends_on is null or price_contract_starts_on is null
    or price_contract_ends_on >= price_contract_starts_on);--> statement-breakpoint
UPDATE "products" SET "unspsc" = CASE "categories"."slug"
    WHEN 'sterilization' THEN '42280000'
    WHEN 'dental' THEN '42150000'
    WHEN 'diagnostic-equipment' THEN '42180000'
    ELSE '42290000' END
  FROM "categories" WHERE "categories"."id" = "products"."category_id" AND "products"."unspsc" = '';
