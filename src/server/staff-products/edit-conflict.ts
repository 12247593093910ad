import { and, desc, eq, sql } from 'drizzle-orm';
import type { ErrorBody } from '#contracts/errors';
import { productInput, updateStaffProduct } from '#contracts/staff-products';
import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { declaredCode, HttpError } from '../lib/errors.ts';

type Changes = NonNullable<ErrorBody['changes']>;

/** 409 EDIT_CONFLICT, naming what was saved since the editor read the record. */
export class EditConflict extends HttpError {
  constructor(readonly changes: Changes) {
    super(409, 'Someone saved this product after you opened it.', undefined, declaredCode(updateStaffProduct, 'EDIT_CONFLICT'));
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), changes: this.changes };
  }
}

/** The product's fields, in the order the editor shows them. */
const FIELDS = Object.keys(productInput.shape);

/** The product fields whose value differs between an entry's before and after (a photo's entries name none). */
function changedFields(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return FIELDS.filter((key) => (key in a || key in b) && JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/**
 * What the trail holds about a product since `readAt` (the updated_at an editor read, to the millisecond): the fields
 * its entries changed, and who saved last.
 */
export async function changesSince(tx: Tx, productId: number, readAt: Date, updatedAt: Date): Promise<Changes> {
  const entries = await tx.select({ before: auditLog.before, after: auditLog.after, by: auditLog.actorEmail }).from(auditLog)
    .where(and(
      eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId)),
      sql`date_trunc('milliseconds', ${auditLog.createdAt}) > ${readAt.toISOString()}::timestamptz`,
    ))
    .orderBy(desc(auditLog.id));
  const fields = new Set(entries.flatMap((entry) => changedFields(entry.before, entry.after)));
  return {
    fields: FIELDS.filter((field) => fields.has(field)),
    updated_at: updatedAt.toISOString(),
    by: entries[0]?.by ?? null,
  };
}
