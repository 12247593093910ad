-- Refunds become rows of their own, several per payment. A refund recorded the old way (a paid order cancelled, its
-- payment marked refunded without asking the gateway) becomes one manual refund of the whole charge, with its note as
-- the reason, before the payment's old columns go. Numbered 0038 and dated after 0037 so that it applies after it.
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_usd_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"gateway_reference" text,
	"manual_reference" text,
	"failure_message" text,
	"idempotency_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_created_by_key_idx" ON "refunds" USING btree ("created_by","idempotency_key");--> statement-breakpoint
INSERT INTO "refunds" ("order_id", "payment_id", "amount_minor", "currency", "amount_usd_cents", "status", "reason", "created_at", "updated_at")
SELECT p."order_id", p."id", p."amount_minor" + p."fee_minor", p."currency", o."total_cents", 'manual',
	coalesce(p."refund_note", 'Order ' || o."order_number" || ' cancelled.'), p."refunded_at", p."refunded_at"
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
WHERE p."refunded_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refund_note";