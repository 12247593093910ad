import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog.ts';
import { organisationDepartments } from './organisation-purchasing.ts';
import { users } from './users.ts';

/**
 * A buyer's named list of products kept at par levels (a ward's theatre set, a clinic's monthly order). With a
 * department it is that department's order guide, kept by every member who orders for it.
 */
export const reorderLists = pgTable('reorder_lists', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  departmentId: integer('department_id').references(() => organisationDepartments.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reorder_lists_user_name_idx').on(t.userId, sql`lower(${t.name})`),
  index('reorder_lists_department_idx').on(t.departmentId).where(sql`department_id is not null`),
]);

export const reorderListItems = pgTable('reorder_list_items', {
  id: serial('id').primaryKey(),
  listId: integer('list_id').notNull().references(() => reorderLists.id, { onDelete: 'cascade' }),
  variantId: integer('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  parLevel: integer('par_level').notNull(),
  /** What was on hand at the last count; null until the first reorder. */
  lastOnHand: integer('last_on_hand'),
  countedAt: timestamp('counted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reorder_list_items_variant_idx').on(t.listId, t.variantId),
  index('reorder_list_items_list_idx').on(t.listId, t.createdAt),
]);
