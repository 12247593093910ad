import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsToDecimal } from '#contracts/money';
import { editOrder as editOrderContract, type OrderEditView } from '#contracts/order-edits';
import { audited } from '../audit/audited.ts';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { route } from '../lib/route.ts';
import { orderView } from '../orders/order-view.ts';
import { refundView } from '../refunds/refund-views.ts';
import { editOrder, type EditDeps, type OrderEditRow } from './edit-order.ts';

const creditOf = (side: unknown) => ((side as { money?: { store_credit_cents?: number } }).money?.store_credit_cents ?? 0);

export function orderEditView(row: OrderEditRow): OrderEditView {
  return {
    id: row.id,
    kind: row.kind,
    order_item_id: row.orderItemId,
    before: row.before as Record<string, unknown>,
    after: row.after as Record<string, unknown>,
    total_before: centsToDecimal(row.totalBeforeCents),
    total_after: centsToDecimal(row.totalAfterCents),
    refund_id: row.refundId,
    store_credit_returned: centsToDecimal(creditOf(row.before) - creditOf(row.after)),
    author_email: row.authorEmail,
    created_at: row.createdAt.toISOString(),
  };
}

/** The order and its lines, as the audit trail keeps an edited order either side. */
const orderWithLines = (db: Db) => async (id: string) => {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order && { ...order, items: await db.select().from(orderItems).where(eq(orderItems.orderId, id)) };
};

/** Staff change an order before it ships: its address, a line's quantity, or a line removed. */
export function registerOrderEditRoutes(app: FastifyInstance, deps: EditDeps & { requireUser: RequireUser }): void {
  const { db } = deps;
  route(app, editOrderContract, async (request) => {
    const actor = currentUser(request);
    const key = request.headers['idempotency-key'];
    const { edit, refund } = await editOrder({ ...deps, log: request.log }, request.params.id, request.body, {
      idempotencyKey: Array.isArray(key) ? key[0] : key, actor,
    });
    return { order: await orderView(db, request.params.id), edit: orderEditView(edit), refund: refund && refundView(refund) };
  }, {
    preHandler: deps.requireUser({ staff: true }),
    audit: audited(db, { action: 'order.edit', entity: 'order', id: (request) => request.params.id, snapshot: orderWithLines(db) }),
  });
}
