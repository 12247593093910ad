import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every staff write: who, when, what, and the record before and after. Append-only: a trigger refuses updates and
 * deletes, and no route edits an entry. The actor is kept by id and email without a foreign key, so the trail
 * outlives the account.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: uuid('actor_id'),
  actorEmail: text('actor_email').notNull(),
  /** e.g. 'product.update', 'stock.receive', 'staff.role' */
  action: text('action').notNull(),
  /** e.g. 'product', 'order', 'promo_code' */
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
  index('audit_log_actor_idx').on(t.actorId, t.id),
  index('audit_log_action_idx').on(t.action, t.id),
  index('audit_log_created_idx').on(sql`${t.createdAt} desc`),
]);
