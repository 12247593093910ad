/** Fields every write changes, which say nothing about what was edited. */
const BOOKKEEPING = new Set(['updated_at', 'updatedAt', 'created_at', 'createdAt']);

type Row = Record<string, unknown>;
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRows = (value: unknown): value is Row[] => Array.isArray(value) && value.every(isRecord);

/** One value a write changed. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A row of a record kept as a list (a product's stock, a row per variant), named as staff know it, and what changed in it. */
export interface RowChange {
  row: string;
  fields: FieldChange[];
}

/**
 * What a write did: created the record, removed it, changed these top-level fields (in the record's order), or, for a
 * record kept as a list of rows, changed these rows.
 */
export type AuditChange =
  | { kind: 'created' }
  | { kind: 'removed' }
  | { kind: 'changed'; fields: string[] }
  | { kind: 'rows'; rows: RowChange[] };

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

function changedFields(before: Row, after: Row): FieldChange[] {
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names.filter((name) => !BOOKKEEPING.has(name) && differs(before[name], after[name]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** A row's key (its variant or id, else its place) and the name staff know it by (its catalogue number, else its name). */
const keyOf = (row: Row, index: number) => String(row.variantId ?? row.id ?? `#${index}`);
const nameOf = (row: Row, index: number) => String(row.modelNumber ?? row.model_number ?? row.name ?? keyOf(row, index));

function changedRows(before: Row[], after: Row[]): RowChange[] {
  const earlier = new Map(before.map((row, index) => [keyOf(row, index), row]));
  const rows = after.map((row, index) => ({ row: nameOf(row, index), fields: changedFields(earlier.get(keyOf(row, index)) ?? {}, row) }));
  const kept = new Set(after.map(keyOf));
  const gone = before.flatMap((row, index) => (kept.has(keyOf(row, index)) ? [] : [{ row: nameOf(row, index), fields: changedFields(row, {}) }]));
  return [...rows, ...gone].filter((row) => row.fields.length > 0);
}

export function auditChange(before: unknown, after: unknown): AuditChange {
  if (before === null || before === undefined) return { kind: 'created' };
  if (after === null || after === undefined) return { kind: 'removed' };
  if (isRows(before) && isRows(after)) {
    const rows = changedRows(before, after);
    return rows.length > 0 ? { kind: 'rows', rows } : { kind: 'changed', fields: [] };
  }
  if (!isRecord(before) || !isRecord(after)) return { kind: 'changed', fields: [] };
  return { kind: 'changed', fields: changedFields(before, after).map((change) => change.field) };
}
