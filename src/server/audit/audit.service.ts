import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEntry, type listAudit } from '#contracts/audit';
import type { QueryOf } from '#contracts/define';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

export async function listAuditEntries(db: Db, query: QueryOf<typeof listAudit>) {
  const conditions: (SQL | undefined)[] = [
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.id ? eq(auditLog.entityId, query.id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor ? ilike(auditLog.actorEmail, `%${query.actor.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.createdAt, nextDay(query.to)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE).offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    count: total,
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    results: rows.map((row): AuditEntry => ({
      id: row.id,
      actor: { id: row.actorId, email: row.actorEmail },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
      at: row.createdAt.toISOString(),
    })),
  };
}
