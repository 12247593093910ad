import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, auditedEntitiesFor, listAudit, type AuditEntry } from '#contracts/audit';
import type { QueryOf } from '#contracts/define';
import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { apiError } from '../lib/errors.ts';
import { auditLabels } from './audit-labels.ts';
import { withoutPersonalData } from './personal-data.ts';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * The trail as `reader` may read it: the owner every entry whole; any other role the entries of the kinds of record
 * its own routes open, without personal fields. Asking for another kind is refused (403).
 */
export async function listAuditEntries(db: Db, reader: Pick<UserRow, 'staffRole'>, query: QueryOf<typeof listAudit>) {
  const owner = reader.staffRole === 'owner';
  const readable = auditedEntitiesFor(reader.staffRole);
  if (query.entity && !readable.includes(query.entity)) {
    throw apiError(listAudit, 'STAFF_ONLY', 403, `Your staff role (${reader.staffRole}) does not open these records.`);
  }
  const conditions: (SQL | undefined)[] = [
    query.entity ? eq(auditLog.entity, query.entity) : owner ? undefined : inArray(auditLog.entity, readable),
    query.id ? eq(auditLog.entityId, query.id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor ? ilike(auditLog.actorEmail, `%${query.actor.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.createdAt, nextDay(query.to)) : undefined,
  ];
  const where = and(...conditions);
  const [found, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE).offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const rows = found.map((row) => (owner ? row : { ...row, before: withoutPersonalData(row.before), after: withoutPersonalData(row.after) }));
  const labels = await auditLabels(db, rows);
  return {
    count: total,
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    results: rows.map((row, index): AuditEntry => ({
      id: row.id,
      actor: { id: row.actorId, email: row.actorEmail },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      label: labels[index],
      before: row.before,
      after: row.after,
      at: row.createdAt.toISOString(),
    })),
  };
}
