ALTER TABLE "orders" ADD COLUMN "balance_due_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "covers" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_balance_due_nonneg" CHECK (balance_due_minor >= 0);