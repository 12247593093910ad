/** Fields every write changes, which say nothing about what was edited. */
const BOOKKEEPING = new Set(['updated_at', 'updatedAt', 'created_at', 'createdAt']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a write did: created the record, removed it, or changed these top-level fields (in the record's order). */
export type AuditChange = { kind: 'created' } | { kind: 'removed' } | { kind: 'changed'; fields: string[] };

export function auditChange(before: unknown, after: unknown): AuditChange {
  if (before === null || before === undefined) return { kind: 'created' };
  if (after === null || after === undefined) return { kind: 'removed' };
  if (!isRecord(before) || !isRecord(after)) return { kind: 'changed', fields: [] };
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return {
    kind: 'changed',
    fields: names.filter((name) => !BOOKKEEPING.has(name) && JSON.stringify(before[name]) !== JSON.stringify(after[name])),
  };
}
