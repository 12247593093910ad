import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staffRoles } from '../../../contracts/staff-roles.ts';

/** `cartReminders`: a mail about a cart left behind (on unless turned off). */
export type NotificationPreferences = { email: boolean; sms: boolean; push: boolean; cartReminders: boolean };

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  accountType: text('account_type', { enum: ['individual', 'business'] }).notNull().default('individual'),
  isVerified: boolean('is_verified').notNull().default(false),
  /** Null for buyers; a staff member's role otherwise. A superuser is an owner. */
  staffRole: text('staff_role', { enum: staffRoles }),
  isSuperuser: boolean('is_superuser').notNull().default(false),
  /** A deactivated account cannot sign in, and its sessions and tokens stop working at once. */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  /** Carried in every access token; raised by a sign-out or a password reset, which ends every access token at once. */
  tokenVersion: integer('token_version').notNull().default(0),
  phone: text('phone').notNull().default(''),
  specialty: text('specialty').notNull().default(''),
  hospitalName: text('hospital_name').notNull().default(''),
  licenseNumber: text('license_number').notNull().default(''),
  address: text('address').notNull().default(''),
  language: text('language', { enum: ['en', 'ur', 'ar'] }).notNull().default('en'),
  currency: text('currency', { enum: ['PKR', 'USD', 'EUR'] }).notNull().default('USD'),
  notifications: jsonb('notifications').$type<NotificationPreferences>().notNull()
    .default({ email: true, sms: false, push: false, cartReminders: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  index('users_staff_role_idx').on(t.staffRole).where(sql`${t.staffRole} is not null`),
  check('users_staff_role', sql`${t.staffRole} in ('owner', 'catalogue', 'fulfilment', 'sales', 'support')`),
  check('users_superuser_owner', sql`not ${t.isSuperuser} or ${t.staffRole} = 'owner'`),
]);
