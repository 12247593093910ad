import { z } from 'zod';
import { defineContract } from './define.ts';
import { staffAccess } from './staff-roles.ts';

export const AUDIT_PAGE_SIZE = 50;

/** What a staff write changed: who, when, which record, and the record before and after (null when created or removed). */
export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const filterText = z.string().trim().max(100).optional();

/**
 * GET /api/staff/audit/?entity=&id=: the trail of one record (entity and id), or the whole log filtered by entity,
 * action, actor email and day range, newest first. No route edits or deletes an entry.
 */
export const listAudit = defineContract({
  method: 'GET',
  path: '/api/staff/audit/',
  staff: staffAccess.auditRead,
  query: z.object({
    entity: filterText,
    id: filterText,
    action: filterText,
    actor: filterText,
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({ count: z.number().int(), page: z.number().int(), pageSize: z.number().int(), results: z.array(auditEntry) }),
  errors: ['STAFF_ONLY'],
});
