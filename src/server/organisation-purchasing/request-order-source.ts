import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderLine, OrderSource, SettleSource } from '../orders/order-source.ts';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { orderRequests } from '../db/schema/organisation-purchasing.ts';
import type { CartTotals } from '../pricing/cart-totals.ts';
import { apiError } from '../lib/errors.ts';
import { approveRequest, payRequest } from '#contracts/organisation-purchasing';
import { orders } from '../db/schema/orders.ts';
import type { RequestLine } from './order-requests.service.ts';

/** What each variant has on sale now: nothing for a product or variant taken off sale. */
async function availableNow(tx: DbOrTx, variantIds: number[]): Promise<Map<number, number>> {
  const rows = await tx.select({
    variantId: productVariants.id,
    available: sql<number>`case when ${products.isActive} and ${productVariants.isActive}
      then coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0) else 0 end::int`,
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((row) => [row.variantId, Number(row.available)]));
}

/** A kept line's sale units and price; a line kept before lines recorded them was priced by its sale whole. */
export const keptSalePart = (line: RequestLine): { saleQuantity: number; salePriceCents: number | null } => {
  const whole = line.flashSaleId != null;
  return {
    saleQuantity: line.saleQuantity ?? (whole ? line.quantity : 0),
    salePriceCents: line.salePriceCents ?? (whole ? line.unitPriceCents : null),
  };
};

/** The state of the order last placed for a request: none, or its status (cancelled after a declined payment). */
async function orderStatusOf(tx: DbOrTx, row: { orderId: string | null }): Promise<string | null> {
  if (!row.orderId) return null;
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
  return order?.status ?? null;
}

/** Approved and not paid: no order yet, or only one whose payment was declined. */
export const awaitsPayment = (row: { status: string; orderId: string | null }, orderStatus: string | null) =>
  row.status === 'approved' && (row.orderId === null || orderStatus === 'cancelled');

/** A request its buyer may pay now; 409 while a payment for it is under way, once paid, or unless approved. */
export async function refuseUnlessPayable(tx: DbOrTx, row: { status: string; orderId: string | null }): Promise<void> {
  const orderStatus = await orderStatusOf(tx, row);
  if (awaitsPayment(row, orderStatus)) return;
  if (orderStatus === 'pending') throw apiError(payRequest, 'PAYMENT_IN_PROGRESS', 409, 'A payment for this request is in progress.');
  const state = row.status === 'approved' ? 'already paid' : row.status === 'pending' ? 'still waiting for an approver' : row.status;
  throw apiError(payRequest, 'ILLEGAL_TRANSITION', 409, `This request is ${state}.`);
}

/**
 * The order of a request, from its lines at the prices and totals the buyer saw, with the stock there is now. Either
 * an approver approves a request to be paid by invoice (it must be waiting, is recorded as decided by them, and becomes
 * approved once the order is confirmed), or the buyer pays an approved one (not paid yet, nor being paid). The request row stays locked while
 * the order is placed, so it is placed once.
 */
export function requestSource(requestId: number, by: { approverId: string } | 'buyer pays'): OrderSource {
  return {
    scope: `request:${requestId}`,
    async price(tx) {
      const [row] = await tx.select().from(orderRequests).where(eq(orderRequests.id, requestId)).for('update');
      if (by === 'buyer pays') await refuseUnlessPayable(tx, row);
      else if (row.status !== 'pending') throw apiError(approveRequest, 'ILLEGAL_TRANSITION', 409, `This request was already ${row.status}.`);
      const kept = row.lines as RequestLine[];
      const available = await availableNow(tx, kept.map((line) => line.variantId));
      const lines: OrderLine[] = kept.map((line) => ({ ...line, ...keptSalePart(line), available: available.get(line.variantId) ?? 0 }));
      return { lines, totals: row.totals as unknown as CartTotals };
    },
    async placed(tx, orderId) {
      await tx.update(orderRequests).set({ orderId, ...(by === 'buyer pays' ? {} : { decidedBy: by.approverId }) })
        .where(eq(orderRequests.id, requestId));
    },
  };
}

/** Settles the order of a request: one an approver placed becomes approved once its order is confirmed. */
export const requestOrderSettled: SettleSource = async (tx, order) => {
  const [request] = await tx.select({ id: orderRequests.id }).from(orderRequests).where(eq(orderRequests.orderId, order.orderId));
  if (!request) return false;
  await tx.update(orderRequests).set({ status: 'approved', decidedAt: new Date() })
    .where(and(eq(orderRequests.id, request.id), eq(orderRequests.status, 'pending')));
  return true;
};
