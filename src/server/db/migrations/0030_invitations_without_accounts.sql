-- An invitation becomes an address and a link held on the member row, with no account behind it until accepted.
ALTER TABLE "organisation_members" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
-- Each waiting invitation keeps the address it was sent to, and the link already mailed keeps working: its token moves
-- from the account's one-time tokens onto the invitation.
UPDATE "organisation_members" m SET "email" = lower(u."email")
FROM "users" u WHERE u."id" = m."user_id" AND m."joined_at" IS NULL;--> statement-breakpoint
UPDATE "organisation_members" m SET "token_hash" = t."token_hash", "invite_expires_at" = t."expires_at"
FROM (
  SELECT DISTINCT ON ("user_id") "user_id", "token_hash", "expires_at" FROM "user_tokens"
  WHERE "purpose" = 'organisation_invite' AND "used_at" IS NULL ORDER BY "user_id", "created_at" DESC
) t
WHERE t."user_id" = m."user_id" AND m."joined_at" IS NULL;--> statement-breakpoint
-- The accounts invitations made for addresses that had none, never signed into, go: the address can register, or
-- accept, as anyone else. An account that was signed into stays, and accepting joins it like any existing account.
CREATE TEMPORARY TABLE "unused_invited_accounts" AS
SELECT m."user_id" FROM "organisation_members" m JOIN "users" u ON u."id" = m."user_id"
WHERE m."joined_at" IS NULL AND m."account_created" AND u."last_login_at" IS NULL;--> statement-breakpoint
UPDATE "organisation_members" SET "user_id" = NULL WHERE "joined_at" IS NULL;--> statement-breakpoint
DELETE FROM "users" WHERE "id" IN (SELECT "user_id" FROM "unused_invited_accounts");--> statement-breakpoint
DROP TABLE "unused_invited_accounts";--> statement-breakpoint
DELETE FROM "user_tokens" WHERE "purpose" = 'organisation_invite';--> statement-breakpoint
ALTER TABLE "organisation_members" DROP COLUMN "account_created";--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_invited_email_key" ON "organisation_members" USING btree ("organisation_id","email") WHERE joined_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_token_key" ON "organisation_members" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_invited_or_joined" CHECK ((joined_at is null) = (user_id is null) and (joined_at is not null or email is not null));
