-- Staff roles replace the single staff flag: every staff member and superuser of before becomes an owner, as they
-- could do everything.
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "staff_role" = 'owner' WHERE "is_staff" OR "is_superuser";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_staff";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role" CHECK ("users"."staff_role" in ('owner', 'catalogue', 'fulfilment', 'sales', 'support'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_superuser_owner" CHECK (not "users"."is_superuser" or "users"."staff_role" = 'owner');--> statement-breakpoint
CREATE INDEX "users_staff_role_idx" ON "users" USING btree ("staff_role") WHERE "users"."staff_role" is not null;--> statement-breakpoint
-- Products gain a status: active ones stay active, inactive ones become archived (they stay on orders and lots).
-- is_active, which every storefront read filters on, is now computed from it. The embedding trigger names is_active
-- and is created again at start-up.
DROP TRIGGER IF EXISTS "products_embedding_update" ON "products";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "status" = 'archived' WHERE NOT "is_active";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS (status = 'active') STORED;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status" CHECK (status in ('draft', 'active', 'archived'));--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("is_active","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "product_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_slug_redirects_product_idx" ON "product_slug_redirects" USING btree ("product_id");--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" desc);--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE TABLE "product_image_renditions" (
	"image_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" bytea NOT NULL,
	CONSTRAINT "product_image_renditions_image_id_format_width_pk" PRIMARY KEY("image_id","format","width")
);--> statement-breakpoint
ALTER TABLE "product_image_renditions" ADD CONSTRAINT "product_image_renditions_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE cascade ON UPDATE no action;
