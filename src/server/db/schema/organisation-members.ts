import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORGANISATION_ROLES } from '../../../contracts/organisation-members.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * The people of an organisation, each with one role. A person belongs to one organisation at most, invited (no
 * `joined_at` yet) or joined; the account that registered the business is its first admin.
 */
export const organisationMembers = pgTable('organisation_members', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ORGANISATION_ROLES }).notNull(),
  /** The invitation made the account: accepting it sets the name and password. */
  accountCreated: boolean('account_created').notNull().default(false),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  joinedAt: timestamp('joined_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('organisation_members_user_key').on(t.userId),
  index('organisation_members_organisation_idx').on(t.organisationId),
  check('organisation_members_role_check', sql`role in ('admin', 'approver', 'buyer', 'finance')`),
]);
