-- Shipping zones and their methods. Every shop, the one started empty included, gets the Pakistan zone with the spec's
-- standard rule (75.00 below a 500.00 subtotal, free from it, 3-5 days) and the shop's TAX_RATE (tax_basis_points
-- null), so checkout is unchanged until staff add zones. Dated after 0038 so that it applies after it.
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"service_code" text DEFAULT '' NOT NULL,
	"weight_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flat_price_cents" integer,
	"free_over_cents" integer,
	"days_min" integer NOT NULL,
	"days_max" integer NOT NULL,
	"cod_allowed" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_carrier" CHECK (carrier IN ('tcs', 'leopards', 'postex', 'dhl_express', 'other')),
	CONSTRAINT "shipping_methods_price" CHECK (flat_price_cents IS NOT NULL OR jsonb_array_length(weight_bands) > 0),
	CONSTRAINT "shipping_methods_flat_price" CHECK (flat_price_cents IS NULL OR flat_price_cents >= 0),
	CONSTRAINT "shipping_methods_free_over" CHECK (free_over_cents IS NULL OR free_over_cents >= 0),
	CONSTRAINT "shipping_methods_days" CHECK (days_min >= 0 AND days_max >= days_min)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"provinces" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"rest_of_world" boolean DEFAULT false NOT NULL,
	"tax_basis_points" integer DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_name_unique" UNIQUE("name"),
	CONSTRAINT "shipping_zones_tax" CHECK (tax_basis_points IS NULL OR tax_basis_points BETWEEN 0 AND 10000),
	CONSTRAINT "shipping_zones_places" CHECK (rest_of_world = (cardinality(countries) = 0))
);
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_rest_of_world_idx" ON "shipping_zones" USING btree ("rest_of_world") WHERE rest_of_world;--> statement-breakpoint
INSERT INTO "shipping_zones" ("name", "countries", "tax_basis_points") VALUES ('Pakistan', '{PK}', NULL);--> statement-breakpoint
INSERT INTO "shipping_methods" ("zone_id", "name", "carrier", "service_code", "flat_price_cents", "free_over_cents", "days_min", "days_max")
SELECT "id", 'Standard', 'other', 'standard', 7500, 50000, 3, 5 FROM "shipping_zones" WHERE "name" = 'Pakistan';