ALTER TABLE "organisations" ADD COLUMN "po_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "organisation_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "public"."organisations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"cost_centre" text DEFAULT '' NOT NULL,
	"bill_to" jsonb NOT NULL,
	"ship_to" jsonb NOT NULL,
	"po_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_departments_name_key" ON "organisation_departments" USING btree ("organisation_id", lower("name"));--> statement-breakpoint
CREATE TABLE "organisation_member_departments" (
	"member_id" integer NOT NULL REFERENCES "public"."organisation_members"("id") ON DELETE cascade,
	"department_id" integer NOT NULL REFERENCES "public"."organisation_departments"("id") ON DELETE cascade,
	CONSTRAINT "organisation_member_departments_member_id_department_id_pk" PRIMARY KEY("member_id","department_id")
);--> statement-breakpoint
CREATE TABLE "spending_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "public"."organisations"("id") ON DELETE cascade,
	"member_id" integer REFERENCES "public"."organisation_members"("id") ON DELETE cascade,
	"department_id" integer REFERENCES "public"."organisation_departments"("id") ON DELETE cascade,
	"per_order_cents" integer,
	"per_month_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_limits_one_target" CHECK (member_id is null or department_id is null),
	CONSTRAINT "spending_limits_target_key" UNIQUE NULLS NOT DISTINCT("organisation_id","member_id","department_id"),
	CONSTRAINT "spending_limits_positive" CHECK ((per_order_cents is null or per_order_cents > 0) and (per_month_cents is null or per_month_cents > 0))
);--> statement-breakpoint
CREATE TABLE "organisation_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."orders"("id") ON DELETE cascade,
	"organisation_id" uuid NOT NULL REFERENCES "public"."organisations"("id") ON DELETE cascade,
	"department_id" integer REFERENCES "public"."organisation_departments"("id") ON DELETE set null,
	"po_number" text DEFAULT '' NOT NULL
);--> statement-breakpoint
CREATE INDEX "organisation_orders_organisation_idx" ON "organisation_orders" USING btree ("organisation_id");--> statement-breakpoint
CREATE TABLE "order_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "public"."organisations"("id") ON DELETE cascade,
	"requested_by" uuid NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"department_id" integer REFERENCES "public"."organisation_departments"("id") ON DELETE set null,
	"po_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_details" jsonb NOT NULL,
	"exceeded" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"decided_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"order_id" uuid REFERENCES "public"."orders"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_requests_status_check" CHECK (status in ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "order_requests_organisation_idx" ON "order_requests" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_requests_idempotency_key" ON "order_requests" USING btree ("requested_by","idempotency_key");--> statement-breakpoint
-- Orders placed so far by an organisation's members were placed for it.
INSERT INTO "organisation_orders" ("order_id", "organisation_id")
SELECT o."id", m."organisation_id" FROM "orders" o
JOIN "organisation_members" m ON m."user_id" = o."user_id" AND m."joined_at" IS NOT NULL;
