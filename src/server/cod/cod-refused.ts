import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders, type OrderSetComponent } from '../db/schema/orders.ts';
import { stockUnits } from '../sets/set-composition.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { codRemittances, shipmentItems, shipments } from '../db/schema/shipments.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { giveBackSaleUnits } from '../flash-sales/flash-sale-claims.ts';
import { escapeHtml, htmlMail, htmlParagraphs } from '../lib/mail-layout.ts';
import { textsFor } from '../lib/texts.ts';
import { returnForOrder } from '../lots/order-lots.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { releasePromo } from '../promo/promo.service.ts';
import type { RemittanceDeps } from './cod-remittance.ts';

export interface RefusedDeps extends RemittanceDeps {
  /** The shop's own address (SHOP_EMAIL): staff are told there. */
  shopEmail: string;
}

/**
 * `settled`: the parcel's units are back in stock (and, when nothing of the order is still on its way, the unpaid order
 * is cancelled); `already_settled`: this parcel came back before; `paid`: its cash was remitted, so it was not refused
 * at the door (nothing done); `not_cod`: the shipment collects no cash; `not_found`.
 */
export type RefusedOutcome =
  | { outcome: 'settled'; orderNumber: string; orderCancelled: boolean; unitsReturned: number }
  | { outcome: 'already_settled'; orderNumber: string }
  | { outcome: 'paid'; orderNumber: string }
  | { outcome: 'not_cod' }
  | { outcome: 'not_found' };

/** Units by variant, in variant order (the order every transaction locks inventory rows in). */
function unitsOf(rows: { variantId: number | null; quantity: number; components: OrderSetComponent[] }[]) {
  return stockUnits(rows.flatMap((row) => (row.variantId === null ? [] : [{ ...row, variantId: row.variantId }])));
}

/** Whether another parcel of the order is still on its way or delivered (this one is already marked returned). */
async function stillGoing(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [live] = await tx.select({ count: sql<number>`count(*)::int` }).from(shipments)
    .where(and(eq(shipments.orderId, orderId), notInArray(shipments.status, ['returned', 'cancelled'])));
  return Number(live.count) > 0;
}

/**
 * A cash-on-delivery parcel refused at the door and back with the shop, before any remittance: the shipment becomes
 * 'returned', its units go back to stock through the ledger ('return' movements into the lots they were sold from),
 * and when nothing else of the order is on its way the unpaid order is cancelled (its payment cancelled, its promo
 * use and flash-sale units given back); the timeline says so and staff are mailed. Called by the tracking job when a
 * carrier reports 'returned', and by staff marking a parcel refused by hand; safe to call again.
 */
export async function settleRefusedCodShipment(deps: RefusedDeps, shipmentId: string, actor: Actor | null = null): Promise<RefusedOutcome> {
  const now = new Date();
  return deps.db.transaction(async (tx): Promise<RefusedOutcome> => {
    const [found] = await tx.select({ shipment: shipments, order: orders }).from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId)).where(eq(shipments.id, shipmentId)).for('update');
    if (!found) return { outcome: 'not_found' };
    const { shipment, order } = found;
    if (shipment.codAmountMinor === null) return { outcome: 'not_cod' };
    const [remitted] = await tx.select({ id: codRemittances.id }).from(codRemittances).where(eq(codRemittances.shipmentId, shipment.id));
    if (remitted) return { outcome: 'paid', orderNumber: order.orderNumber };
    const [settled] = await tx.select({ id: orderEvents.id }).from(orderEvents)
      .where(and(eq(orderEvents.shipmentId, shipment.id), eq(orderEvents.event, 'cash_on_delivery_refused')));
    if (settled) return { outcome: 'already_settled', orderNumber: order.orderNumber };

    await tx.update(shipments).set({ status: 'returned', updatedAt: now }).where(eq(shipments.id, shipment.id));
    const parcel = await tx.select({ variantId: orderItems.variantId, quantity: shipmentItems.quantity, components: orderItems.setComponents }).from(shipmentItems)
      .innerJoin(orderItems, eq(orderItems.id, shipmentItems.orderItemId)).where(eq(shipmentItems.shipmentId, shipment.id));
    const cancelOrder = order.status !== 'cancelled' && order.paymentStatus !== 'paid' && !(await stillGoing(tx, order.id));
    // Cancelling the order gives back every unit it still holds: the parcel's, and any never shipped.
    const back = cancelOrder ? unitsOf(await unitsStillHeld(tx, order.id, shipment.id)) : unitsOf(parcel);
    const reason = `Order ${order.orderNumber}: parcel ${shipment.number} refused at the door`;
    for (const line of back) await returnForOrder(tx, order.id, { ...line, reason, userId: actor?.id });

    const event = shopEvent('cash_on_delivery_refused', { shipment: shipment.number });
    if (cancelOrder) {
      await tx.update(orders).set({ status: 'cancelled', paymentStatus: 'failed', updatedAt: now }).where(eq(orders.id, order.id));
      await tx.update(payments).set({ status: 'cancelled', failureMessage: 'Refused at the door: cash on delivery not collected.', updatedAt: now })
        .where(and(eq(payments.orderId, order.id), eq(payments.method, 'cash_on_delivery'), eq(payments.status, 'pending')));
      await releasePromo(tx, order.id);
      await giveBackSaleUnits(tx, order.id);
    }
    await tx.insert(orderEvents).values({ orderId: order.id, status: cancelOrder ? 'cancelled' : order.status, shipmentId: shipment.id, ...event });
    const unitsReturned = back.reduce((sum, line) => sum + line.quantity, 0);
    if (actor) {
      await recordAudit(tx, actor, {
        action: 'order.cod_refused', entity: 'order', entityId: order.id,
        before: { status: order.status, paymentStatus: order.paymentStatus, shipmentStatus: shipment.status },
        after: { status: cancelOrder ? 'cancelled' : order.status, shipment: shipment.number, shipmentStatus: 'returned', unitsReturned },
      });
    }
    await tellStaff(tx, deps, { orderNumber: order.orderNumber, shipment: shipment.number, trackingNumber: shipment.trackingNumber, unitsReturned, cancelOrder });
    return { outcome: 'settled', orderNumber: order.orderNumber, orderCancelled: cancelOrder, unitsReturned };
  });
}

/** The order's units not yet given back: its lines less what earlier refused parcels returned (this one's included). */
async function unitsStillHeld(tx: DbOrTx, orderId: string, shipmentId: string) {
  const lines = await tx.select({ id: orderItems.id, variantId: orderItems.variantId, quantity: orderItems.quantity, components: orderItems.setComponents })
    .from(orderItems).where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.variantId))).orderBy(asc(orderItems.variantId));
  const returnedBefore = await tx.select({ orderItemId: shipmentItems.orderItemId, quantity: shipmentItems.quantity }).from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .innerJoin(orderEvents, and(eq(orderEvents.shipmentId, shipments.id), eq(orderEvents.event, 'cash_on_delivery_refused')))
    .where(and(eq(shipments.orderId, orderId), ne(shipments.id, shipmentId), inArray(shipmentItems.orderItemId, lines.map((line) => line.id))));
  return lines.map((line) => ({
    variantId: line.variantId,
    components: line.components,
    quantity: line.quantity - returnedBefore.filter((row) => row.orderItemId === line.id).reduce((sum, row) => sum + row.quantity, 0),
  })).filter((line) => line.quantity > 0);
}

async function tellStaff(tx: DbOrTx, deps: RefusedDeps, told: {
  orderNumber: string; shipment: string; trackingNumber: string; unitsReturned: number; cancelOrder: boolean;
}) {
  const subject = `COD parcel ${told.shipment} refused at the door`;
  const lines = [
    `The cash-on-delivery parcel ${told.shipment} (tracking number ${told.trackingNumber}) of order ${told.orderNumber} was refused at the door and came back.`,
    `${told.unitsReturned} unit(s) went back to stock.`,
    told.cancelOrder ? `Order ${told.orderNumber} was unpaid and is cancelled.` : `The rest of order ${told.orderNumber} is still open.`,
  ];
  await enqueueMail(tx, {
    kind: 'order', to: deps.shopEmail, subject, text: [...lines, ''].join('\n'),
    html: htmlMail(textsFor('en'), `<p>${escapeHtml(subject)}</p>\n${htmlParagraphs(lines)}`),
  });
}
