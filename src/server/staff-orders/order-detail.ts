import { asc, eq } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { StaffOrderDetail, StaffPayment } from '#contracts/staff-order-detail';
import { staffAccess, staffMayUse } from '#contracts/staff-roles';
import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { returns } from '../db/schema/returns.ts';
import { notFound } from '../lib/errors.ts';
import { orderViews } from '../orders/order-view.ts';
import { ORDER_NOT_FOUND } from '../orders/orders.service.ts';
import { loadPolicy } from '../returns/return-policy.ts';
import { buyerView, returnViews } from '../returns/return-views.ts';
import { orderActions } from './order-actions.ts';
import { pickList } from './order-lines.ts';
import { notesOf } from './order-notes.ts';
import { orderParties } from './order-parties.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const paymentView = (row: typeof payments.$inferSelect): StaffPayment => ({
  id: row.id,
  method: row.method,
  status: row.status,
  amount: centsToDecimal(row.amountMinor),
  fee: centsToDecimal(row.feeMinor),
  currency: row.currency,
  transaction_id: row.transactionId,
  failure_message: row.failureMessage,
  created_at: row.createdAt.toISOString(),
});

/**
 * GET /api/staff/orders/{id}/: the order by its id or order number, as `reader` may see it (the buyer's personal fields
 * only for roles that read orders); 404 for neither.
 */
export async function staffOrderDetail(db: Db, reader: Pick<UserRow, 'staffRole'>, reference: string): Promise<StaffOrderDetail> {
  const match = UUID.test(reference) ? eq(orders.id, reference) : eq(orders.orderNumber, reference.toUpperCase());
  const [row] = await db.select().from(orders).where(match).limit(1);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [[view], paid, returnRows, notes, policy] = await Promise.all([
    orderViews(db, [row]),
    db.select().from(payments).where(eq(payments.orderId, row.id)).orderBy(asc(payments.createdAt)),
    db.select().from(returns).where(eq(returns.orderId, row.id)).orderBy(asc(returns.createdAt)),
    notesOf(db, row.id),
    loadPolicy(db),
  ]);
  const { items: _items, shippingAddress: _shipTo, purchaseOrder, ...order } = view;
  const lines = await pickList(db, view);
  return {
    order,
    lines,
    ...await orderParties(db, row, purchaseOrder, staffMayUse(reader.staffRole, staffAccess.ordersRead)),
    payments: paid.map(paymentView),
    returns: (await returnViews(db, returnRows, policy)).map(buyerView),
    notes,
    actions: orderActions(reader.staffRole, view, lines),
  };
}
