import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  label: text('label').notNull().default(''),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  company: text('company').notNull().default(''),
  address: text('address').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull().default('PK'),
  phone: text('phone').notNull(),
  isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
  isDefaultBilling: boolean('is_default_billing').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('addresses_user_idx').on(t.userId, t.createdAt),
  uniqueIndex('addresses_default_shipping_idx').on(t.userId).where(sql`is_default_shipping`),
  uniqueIndex('addresses_default_billing_idx').on(t.userId).where(sql`is_default_billing`),
]);
