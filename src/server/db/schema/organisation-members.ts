import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORGANISATION_ROLES } from '../../../contracts/organisation-members.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * The people of an organisation, each with one role, and the invitations it has out. An invitation is an address, a
 * role and a mailed link, with no account behind it (`user_id` null): the account is found or made only when the
 * person accepts, so inviting an address never creates or claims an account, and several organisations may invite the
 * same address. A joined member is an account (`user_id`), which belongs to one organisation at most; the account that
 * registered the business is its first admin.
 */
export const organisationMembers = pgTable('organisation_members', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  /** The member's account, from the moment they join; null while the invitation waits. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ORGANISATION_ROLES }).notNull(),
  /** The invited address, lower case, while the invitation waits. */
  email: text('email'),
  /** The mailed link's token, kept only as a sha256 hash, and when the link stops working. */
  tokenHash: text('token_hash'),
  inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  joinedAt: timestamp('joined_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('organisation_members_user_key').on(t.userId),
  index('organisation_members_organisation_idx').on(t.organisationId),
  uniqueIndex('organisation_members_invited_email_key').on(t.organisationId, t.email).where(sql`joined_at is null`),
  uniqueIndex('organisation_members_token_key').on(t.tokenHash),
  check('organisation_members_role_check', sql`role in ('admin', 'approver', 'buyer', 'finance')`),
  check('organisation_members_invited_or_joined', sql`(joined_at is null) = (user_id is null) and (joined_at is not null or email is not null)`),
]);
