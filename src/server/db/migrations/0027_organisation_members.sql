CREATE TABLE "organisation_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"account_created" boolean DEFAULT false NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "organisation_members_role_check" CHECK (role in ('admin', 'approver', 'buyer', 'finance'))
);
--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_user_key" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_members_organisation_idx" ON "organisation_members" USING btree ("organisation_id");--> statement-breakpoint
-- Every organisation so far belonged to the one account that registered it: that account becomes its admin.
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "invited_at", "joined_at")
SELECT "id", "user_id", 'admin', "created_at", "created_at" FROM "organisations";
