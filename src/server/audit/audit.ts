import type { AuditedEntity } from '#contracts/audit';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';

/** Who made a staff write. */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditRecord {
  /** e.g. 'product.update', 'stock.receive', 'staff.role' */
  action: string;
  /** e.g. 'product', 'order', 'promo_code': the kind of record, which decides which roles read the entry. */
  entity: AuditedEntity;
  entityId: string | number;
  /** The record before the write (omit when it was created) and after it (omit when it was removed). */
  before?: unknown;
  after?: unknown;
}

/** Appends a staff write to the trail; pass the write's transaction so the entry lands with the change or not at all. */
export async function recordAudit(db: DbOrTx, actor: Actor, record: AuditRecord): Promise<void> {
  await recordAuditEntries(db, actor, [record]);
}

/** Appends several staff writes by one person in one statement (a batch of imported products). */
export async function recordAuditEntries(db: DbOrTx, actor: Actor, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(auditLog).values(records.map((record) => ({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    entity: record.entity,
    entityId: String(record.entityId),
    before: record.before ?? null,
    after: record.after ?? null,
  })));
}
