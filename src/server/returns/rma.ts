import { sql } from 'drizzle-orm';
import type { ReturnReason, ReturnStatus } from '#contracts/returns';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { returnItems, returns } from '../db/schema/returns.ts';

/** 'RMA-000042': the return's id, six digits at least. */
export const rmaNumber = (id: number) => `RMA-${String(id).padStart(6, '0')}`;

export interface NewReturn {
  orderId: string;
  userId: string;
  status: Extract<ReturnStatus, 'requested' | 'approved'>;
  comment?: string;
  decontaminationDeclaredAt?: Date | null;
  recallNoticeId?: number;
  dropOffInstructions?: string;
  items: { orderItemId: number; quantity: number; reason: ReturnReason; used?: boolean; exchangeVariantId?: number | null }[];
}

/** Writes a return and its lines inside `tx`, numbered from its id; answers the row. */
export async function createReturn(tx: DbOrTx, input: NewReturn) {
  const [{ id }] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('returns', 'id'))::int as id`));
  const now = new Date();
  const [row] = await tx.insert(returns).values({
    id, rma: rmaNumber(id), orderId: input.orderId, userId: input.userId, status: input.status,
    comment: input.comment ?? '', decontaminationDeclaredAt: input.decontaminationDeclaredAt ?? null,
    recallNoticeId: input.recallNoticeId ?? null, dropOffInstructions: input.dropOffInstructions ?? null,
    createdAt: now, decidedAt: input.status === 'approved' ? now : null,
  }).returning();
  await tx.insert(returnItems).values(input.items.map((item) => ({
    returnId: id, orderItemId: item.orderItemId, quantity: item.quantity, reason: item.reason, used: item.used ?? false,
    exchangeVariantId: item.exchangeVariantId ?? null,
  })));
  return row;
}
