ALTER TABLE "punchout_sessions" ADD COLUMN "return_target" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "punchout_sessions" SET "return_target" = "buyer_cookie", "buyer_cookie" = '' WHERE "protocol" = 'oci';
