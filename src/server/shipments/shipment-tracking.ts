import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { ShipmentStatus } from '#contracts/orders';
import { refreshShipmentTracking } from '#contracts/shipments';
import type { FastifyBaseLogger } from 'fastify';
import { settleRefusedCodShipment } from '../cod/cod-refused.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orders } from '../db/schema/orders.ts';
import { shipments } from '../db/schema/shipments.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { escapeHtml } from '../lib/mail-layout.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { sendOrderMail, type OrderMailDeps } from '../orders/order-mail.ts';
import { lockOrder } from '../orders/order-transitions.ts';
import { type Carrier, CarrierError, type CarrierId, type TrackingEvent, type TrackingStatus } from '../shipping/carriers/carrier.ts';
import { trackingPage } from './book-shipment.ts';
import { settleOrderShipping } from './order-shipping-status.ts';

type ShipmentRow = typeof shipments.$inferSelect;

export interface TrackingDeps extends OrderMailDeps {
  db: Db;
  carriers: Partial<Record<CarrierId, Carrier>>;
  /** Staff are told of parcels held up here (SHOP_EMAIL). */
  shopEmail: string;
}

/** The shipments still on their way, whose carriers are asked. */
const OPEN: ShipmentStatus[] = ['booked', 'in_transit', 'out_for_delivery', 'exception'];
/** How long the tracking job leaves a shipment before asking its carrier again. */
export const POLL_AGAIN_MS = 25 * 60_000;

const SHIPMENT_STATUS: Record<TrackingStatus, ShipmentStatus> = {
  booked: 'booked', picked_up: 'in_transit', in_transit: 'in_transit', out_for_delivery: 'out_for_delivery',
  delivered: 'delivered', returned: 'returned', exception: 'exception',
};

const PARCEL_EVENT = {
  booked: 'parcel_booked', picked_up: 'parcel_picked_up', in_transit: 'parcel_in_transit', out_for_delivery: 'parcel_out_for_delivery',
  delivered: 'parcel_delivered', returned: 'parcel_returned', exception: 'parcel_exception',
} as const satisfies Record<TrackingStatus, string>;

function exceptionMail(to: string, shipment: ShipmentRow, orderNumber: string, event: TrackingEvent) {
  const lines = [
    `${shipment.carrierName} reports a problem with parcel ${shipment.number} of order ${orderNumber}.`,
    `Tracking number: ${shipment.trackingNumber}`,
    `Carrier's words: ${event.description}${event.location ? ` (${event.location})` : ''}`,
    `When: ${event.timestamp}`,
  ];
  return {
    kind: 'shipment' as const,
    to,
    subject: `Shipment ${shipment.number} held up: ${event.description}`,
    text: `${lines.join('\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/**
 * Writes what the carrier reported of one shipment: each checkpoint not yet on the timeline is appended (the unique
 * index on the checkpoint id keeps a second poll from appending it again), the shipment takes the latest checkpoint's
 * status and the order follows. The buyer is mailed when the parcel is out for delivery and when it is delivered (the
 * order's delivery mail when it was the last); staff when it is held up. Answers whether it became 'returned'.
 */
async function recordTracking(tx: DbOrTx, deps: TrackingDeps, shipmentId: string, events: TrackingEvent[], now: Date): Promise<boolean> {
  const [{ orderId }] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, shipmentId));
  const order = await lockOrder(tx, orderId);
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
  const appended: TrackingEvent[] = [];
  for (const event of events) {
    const [row] = await tx.insert(orderEvents).values({
      orderId, status: order.status, shipmentId, carrierEventId: event.id, location: event.location || null,
      createdAt: new Date(event.timestamp), ...shopEvent(PARCEL_EVENT[event.status], { shipment: shipment.number }),
    }).onConflictDoNothing().returning({ id: orderEvents.id });
    if (row) appended.push(event);
  }
  const latest = events.at(-1);
  const status = latest && shipment.status !== 'cancelled' ? SHIPMENT_STATUS[latest.status] : shipment.status;
  await tx.update(shipments).set({
    status, polledAt: now, updatedAt: now,
    ...(status === 'delivered' && !shipment.deliveredAt ? { deliveredAt: new Date(latest!.timestamp) } : {}),
  }).where(eq(shipments.id, shipmentId));
  if (appended.length === 0) return false;

  const orderStatus = await settleOrderShipping(tx, order, now);
  const mailed = { number: shipment.number, carrierName: shipment.carrierName, trackingNumber: shipment.trackingNumber,
    trackingUrl: trackingPage(shipment.trackingUrl, shipment.trackingNumber) };
  const reached = (stage: TrackingStatus) => appended.some((event) => event.status === stage);
  if (reached('delivered')) {
    if (orderStatus === 'delivered' && order.status !== 'delivered') await sendOrderMail(tx, deps, 'delivered', orderId);
    else await sendOrderMail(tx, deps, 'parcel_delivered', orderId, undefined, mailed);
  } else if (reached('out_for_delivery')) {
    await sendOrderMail(tx, deps, 'out_for_delivery', orderId, undefined, mailed);
  }
  for (const event of appended.filter((candidate) => candidate.status === 'exception')) {
    await enqueueMail(tx, exceptionMail(deps.shopEmail, shipment, order.orderNumber, event));
  }
  await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
  return reached('returned') && status === 'returned';
}

/** Asks the shipment's carrier where the parcel is and records the answer. */
export async function pollShipment(deps: TrackingDeps, shipment: Pick<ShipmentRow, 'id' | 'orderId' | 'carrier' | 'trackingNumber'>, now = new Date()): Promise<void> {
  const carrier = shipment.carrier === 'other' ? undefined : deps.carriers[shipment.carrier];
  if (!carrier) throw new CarrierError(shipment.carrier as CarrierId, 'not set up for this shop');
  const events = await carrier.track(shipment.trackingNumber);
  const returned = await deps.db.transaction((tx) => recordTracking(tx, deps, shipment.id, events, now));
  // A cash-on-delivery parcel that came back was refused at the door: its units go back to stock.
  if (returned) await settleRefusedCodShipment(deps, shipment.id);
}

/**
 * The tracking job: asks the carriers about every open shipment not asked in the last POLL_AGAIN_MS, those waited on
 * longest first. A carrier that fails is logged and asked again next time; the others go on. Answers how many were
 * asked.
 */
export async function pollOpenShipments(deps: TrackingDeps & { log: FastifyBaseLogger }, now = new Date(), limit = 200): Promise<number> {
  const due = await deps.db.select({ id: shipments.id, orderId: shipments.orderId, carrier: shipments.carrier, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(and(inArray(shipments.status, OPEN), ne(shipments.carrier, 'other'),
      or(isNull(shipments.polledAt), lt(shipments.polledAt, new Date(now.getTime() - POLL_AGAIN_MS)))))
    .orderBy(sql`${shipments.polledAt} asc nulls first`, asc(shipments.createdAt)).limit(limit);
  for (const shipment of due) {
    try {
      await pollShipment(deps, shipment, now);
    } catch (error) {
      deps.log.warn({ err: error, shipment: shipment.id, carrier: shipment.carrier }, 'shipment tracking not read');
      await deps.db.update(shipments).set({ polledAt: now }).where(eq(shipments.id, shipment.id));
    }
  }
  return due.length;
}

/** Staff's "refresh tracking": the same as the job, for one shipment, now. */
export async function refreshTracking(deps: TrackingDeps, shipmentId: string): Promise<string> {
  const [shipment] = await deps.db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!shipment) throw notFound('Shipment not found.');
  if (shipment.carrier === 'other') {
    throw apiError(refreshShipmentTracking, 'ILLEGAL_TRANSITION', 409, 'A carrier named by hand has no tracking to read: add its updates by hand.');
  }
  try {
    await pollShipment(deps, shipment);
  } catch (error) {
    if (!(error instanceof CarrierError) && !(error instanceof TypeError)) throw error;
    throw apiError(refreshShipmentTracking, 'CARRIER_ERROR', 502, `The carrier's tracking could not be read (${error.message}).`);
  }
  return shipment.orderId;
}
