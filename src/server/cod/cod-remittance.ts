import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Carrier } from '#contracts/shipping';
import type { Db, DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { codRemittances, shipments } from '../db/schema/shipments.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { shopEvent } from '../orders/order-event-text.ts';

export interface RemittanceDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/** A courier's word that it collected one consignment's cash and paid it over. */
export interface Remittance {
  /** Null when the report does not say: the consignment is found by its tracking number alone. */
  carrier: Carrier | null;
  trackingNumber: string;
  amountMinor: number;
  currency: string;
  paymentReference: string;
  /** ISO date, when the report gives one. */
  paidOn: string | null;
}

/**
 * `paid`: recorded, and the order marked paid once every parcel of it that collects cash is remitted; `already_recorded`:
 * this consignment's remittance was recorded before (a report read twice pays once); `unknown_consignment`: no
 * cash-on-delivery shipment has this tracking number; `amount_mismatch`: the courier remitted another amount than the
 * parcel collects, so nothing is recorded or marked paid (staff look into it).
 */
export type RemittanceOutcome =
  | { outcome: 'paid'; orderNumber: string; orderPaid: boolean }
  | { outcome: 'already_recorded'; orderNumber: string }
  | { outcome: 'unknown_consignment' }
  | { outcome: 'amount_mismatch'; orderNumber: string; expectedMinor: number; currency: string };

/** Shipments that no longer carry the order's goods to the buyer. */
const GONE = ['cancelled', 'returned'] as const;

async function lockShipment(tx: DbOrTx, remittance: Remittance) {
  const found = await tx.select({ shipment: shipments, orderNumber: orders.orderNumber }).from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(
      eq(shipments.trackingNumber, remittance.trackingNumber.trim()),
      isNotNull(shipments.codAmountMinor),
      remittance.carrier ? eq(shipments.carrier, remittance.carrier) : undefined,
    ))
    .for('update', { of: shipments });
  // A tracking number two carriers happen to share cannot be told apart without the carrier.
  return found.length === 1 ? found[0] : null;
}

/** Whether every parcel of the order that collects cash, and still carries its goods, has its remittance. */
async function everyParcelRemitted(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ open: sql<number>`count(*)::int` }).from(shipments)
    .leftJoin(codRemittances, eq(codRemittances.shipmentId, shipments.id))
    .where(and(eq(shipments.orderId, orderId), isNotNull(shipments.codAmountMinor), notInArray(shipments.status, [...GONE]),
      sql`${codRemittances.id} IS NULL`));
  return Number(row.open) === 0;
}

/**
 * Records one consignment's remittance, once, and marks its order paid: the cash-on-delivery payment succeeds with the
 * courier's reference, the order's payment status becomes paid and its timeline says so; staff imports are audited.
 * The one path for staff's imported reports and the adapters' answers alike.
 */
export async function recordCodRemittance(deps: RemittanceDeps, remittance: Remittance, actor: Actor | null): Promise<RemittanceOutcome> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx): Promise<RemittanceOutcome> => {
    const found = await lockShipment(tx, remittance);
    if (!found) return { outcome: 'unknown_consignment' };
    const { shipment, orderNumber } = found;
    const [recorded] = await tx.select({ id: codRemittances.id }).from(codRemittances)
      .where(and(eq(codRemittances.carrier, shipment.carrier), eq(codRemittances.trackingNumber, shipment.trackingNumber)));
    if (recorded) return { outcome: 'already_recorded', orderNumber };
    if (remittance.amountMinor !== shipment.codAmountMinor || remittance.currency !== shipment.codCurrency) {
      return { outcome: 'amount_mismatch', orderNumber, expectedMinor: shipment.codAmountMinor!, currency: shipment.codCurrency! };
    }
    await tx.insert(codRemittances).values({
      carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, shipmentId: shipment.id, amountMinor: remittance.amountMinor,
      currency: remittance.currency, paymentReference: remittance.paymentReference, paidOn: remittance.paidOn, importedBy: actor?.id ?? null,
    });
    const orderPaid = await everyParcelRemitted(tx, shipment.orderId);
    if (orderPaid) {
      const [order] = await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now })
        .where(and(eq(orders.id, shipment.orderId), eq(orders.paymentStatus, 'awaiting_payment')))
        .returning({ status: orders.status });
      await tx.update(payments).set({ status: 'succeeded', providerReference: remittance.paymentReference || null, updatedAt: now })
        .where(and(eq(payments.orderId, shipment.orderId), eq(payments.method, 'cash_on_delivery'), inArray(payments.status, ['pending'])));
      if (order) {
        await tx.insert(orderEvents).values({ orderId: shipment.orderId, status: order.status, shipmentId: shipment.id, ...shopEvent('payment_received') });
      }
    }
    if (actor) {
      await recordAudit(tx, actor, {
        action: 'order.cod_remittance', entity: 'order', entityId: shipment.orderId,
        after: {
          carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, amountMinor: remittance.amountMinor, currency: remittance.currency,
          paymentReference: remittance.paymentReference, paidOn: remittance.paidOn, orderPaid,
        },
      });
    }
    return { outcome: 'paid', orderNumber, orderPaid };
  });
  if (outcome.outcome === 'amount_mismatch') {
    deps.log.warn({
      trackingNumber: remittance.trackingNumber, remitted: `${remittance.amountMinor} ${remittance.currency}`,
      expected: `${outcome.expectedMinor} ${outcome.currency}`,
    }, 'COD remittance for another amount: not recorded');
  }
  return outcome;
}
