-- A payment the gateway took for an order that could no longer be confirmed is flagged for a refund. Until now only
-- its failure message said so: those payments get the flag from the time they were last written.
ALTER TABLE "payments" ADD COLUMN "refund_due_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "payments" SET "refund_due_at" = "updated_at"
  WHERE "status" = 'succeeded' AND "failure_message" = 'Charged after the reservation expired: refund due.';
