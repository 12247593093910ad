import { count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { approveReturn } from '#contracts/returns';
import { createShipment, type shipmentBody } from '#contracts/shipments';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { shipmentItems, shipmentParcels, shipments } from '../db/schema/shipments.ts';
import { apiError, badRequest, type FieldErrors } from '../lib/errors.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { sendOrderMail, type OrderMailDeps } from '../orders/order-mail.ts';
import { refuseWhileBalanceDue } from '../orders/order-balance.ts';
import { lockOrder, refuse } from '../orders/order-transitions.ts';
import type { OrderRow } from '../orders/order-view.ts';
import {
  type Booking, type BookShipment, type Carrier, CarrierError, type CarrierId, type Money, type Party,
} from '../shipping/carriers/carrier.ts';
import { SHOP_COUNTRY } from '../shipping/shop-shipper.ts';
import { settleOrderShipping } from './order-shipping-status.ts';
import { oneParcelGrams, shippableLines, type ShippableLine } from './shipment-lines.ts';

type Body = z.infer<typeof shipmentBody>;

export interface ShipmentDeps extends OrderMailDeps {
  db: Db;
  carriers: Partial<Record<CarrierId, Carrier>>;
  /** The shop as the sender (shopShipper). */
  shipper: Party;
}

/** The orders staff may ship from. */
export const SHIPPABLE = ['confirmed', 'processing', 'partly_shipped'] as const;

/** The carriers' names as buyers read them. */
export const CARRIER_NAMES: Record<CarrierId, string> = { tcs: 'TCS', leopards: 'Leopards Courier', postex: 'PostEx', dhl_express: 'DHL Express' };

/** The carriers' public tracking pages; {tracking} stands for the tracking number. */
const TRACKING_PAGES: Record<CarrierId, string> = {
  tcs: 'https://www.tcsexpress.com/track/{tracking}',
  leopards: 'https://www.leopardscourier.com/tracking?cn={tracking}',
  postex: 'https://postex.pk/tracking?cn={tracking}',
  dhl_express: 'https://www.dhl.com/pk-en/home/tracking.html?tracking-id={tracking}',
};

export const trackingPage = (template: string | null, trackingNumber: string): string | null =>
  template ? template.replaceAll('{tracking}', encodeURIComponent(trackingNumber)) : null;

export const isExport = (order: Pick<OrderRow, 'country'>): boolean => order.country !== SHOP_COUNTRY;

type Chosen = { line: ShippableLine; quantity: number }[];

/** Each line at most once, each quantity within what is left of it: per-field messages, as the contract names them. */
function chooseLines(lines: ShippableLine[], body: Body, exporting: boolean): Chosen {
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const chosen = body.items.flatMap((item, index) => {
    const line = lines.find((candidate) => candidate.id === item.order_item_id);
    if (!line) {
      errors[`items.${index}.order_item_id`] = ['This line is not one of the order\'s.'];
      return [];
    }
    if (seen.has(line.id)) {
      errors[`items.${index}.order_item_id`] = ['This line is listed twice.'];
      return [];
    }
    seen.add(line.id);
    const left = line.quantity - line.shipped;
    if (item.quantity > left) {
      errors[`items.${index}.quantity`] = [left === 0 ? 'Every unit of this line has been shipped.' : `Only ${left} left to ship.`];
    } else if (exporting && !line.hsCode) {
      errors[`items.${index}.order_item_id`] = [`Enter the HS code of ${line.name} before exporting it.`];
    }
    return [{ line, quantity: item.quantity }];
  });
  if (body.carrier === 'other') {
    if (!body.carrier_name) errors.carrier_name = ['Enter the carrier\'s name.'];
    if (!body.tracking_number) errors.tracking_number = ['Enter the tracking number the carrier gave.'];
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return chosen;
}

/** The order's buyer as a carrier's party: the consignee of a shipment, the shipper of a return. */
export const consigneeOf = (order: OrderRow): Party => ({
  name: `${order.firstName} ${order.lastName}`,
  address: [order.company, order.address].filter(Boolean).join(', '),
  city: order.city,
  country: order.country,
  ...(order.postalCode ? { postalCode: order.postalCode } : {}),
  phone: order.phone,
  email: order.email,
});

/**
 * The cash the courier collects: an unpaid cash-on-delivery order's whole amount, on its first parcel (later parcels
 * of the order carry none).
 */
async function codAmountOf(db: Db, order: OrderRow, shippedBefore: number): Promise<Money | undefined> {
  if (order.paymentStatus !== 'awaiting_payment' || shippedBefore > 0) return undefined;
  const [payment] = await db.select({ method: payments.method }).from(payments)
    .where(eq(payments.orderId, order.id)).orderBy(desc(payments.createdAt)).limit(1);
  // 'cash_on_delivery' joins PAYMENT_METHODS with cash on delivery; compared as text until then.
  if ((payment?.method as string | undefined) !== 'cash_on_delivery') return undefined;
  return { amountMinor: order.totalChargedMinor, currency: order.currency };
}

/** What the carrier is asked to book: the parcels, the cash to collect and, for an export, the customs lines. */
function bookingRequest(deps: ShipmentDeps, order: OrderRow, number: string, chosen: Chosen, body: Body, cod: Money | undefined): BookShipment {
  const parcels = body.parcels?.map((parcel) => ({ weightGrams: parcel.weight_grams })) ?? [{ weightGrams: oneParcelGrams(chosen) }];
  return {
    reference: number,
    shipper: deps.shipper,
    consignee: consigneeOf(order),
    parcels,
    ...(cod ? { codAmount: cod } : {}),
    contents: 'Surgical instruments',
    ...(body.service ? { service: body.service } : {}),
    ...(isExport(order) ? {
      customs: {
        incoterm: body.incoterm ?? 'DAP',
        currency: 'USD',
        invoiceNumber: number,
        lines: chosen.map(({ line, quantity }) => ({
          description: line.name, hsCode: line.hsCode, originCountry: line.countryOfOrigin, quantity,
          unitValueMinor: line.unitPriceCents, weightGrams: line.unitWeightGrams,
        })),
      },
    } : {}),
  };
}

/** Has the carrier book a parcel (a shipment, or a return's label); its refusal answers 502 CARRIER_ERROR. */
export async function book(deps: Pick<ShipmentDeps, 'carriers'>, log: FastifyBaseLogger, carrierId: CarrierId, request: BookShipment): Promise<Booking> {
  const carrier = deps.carriers[carrierId];
  if (!carrier) throw badRequest({ carrier: [`${CARRIER_NAMES[carrierId]} is not set up for this shop.`] });
  try {
    return await carrier.book(request);
  } catch (error) {
    log.warn({ err: error, carrier: carrierId, reference: request.reference }, 'carrier refused a booking');
    const detail = error instanceof CarrierError ? error.message : `${carrierId}: the carrier could not be reached`;
    throw apiError([createShipment, approveReturn], 'CARRIER_ERROR', 502, `The carrier did not book the parcel (${detail}).`);
  }
}

/**
 * Ships some of an order's lines: checks the quantities, has the carrier book the parcel (or records the carrier
 * staff named), then writes the shipment, its lines and parcels, the timeline entry and the buyer's mail, and moves
 * the order to partly_shipped or shipped. A carrier's refusal writes nothing. Answers the new shipment's id.
 */
export async function bookShipment(deps: ShipmentDeps, log: FastifyBaseLogger, orderId: string, body: Body, userId: string): Promise<string> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw badRequest({ id: ['Unknown order.'] });
  if (!(SHIPPABLE as readonly string[]).includes(order.status)) throw refuse(order.status, 'shipped');
  refuseWhileBalanceDue(order);
  const [{ existing }] = await deps.db.select({ existing: count() }).from(shipments).where(eq(shipments.orderId, orderId));
  const number = `${order.orderNumber}-${existing + 1}`;

  const lines = await shippableLines(deps.db, orderId);
  const chosen = chooseLines(lines, body, isExport(order));
  const request = bookingRequest(deps, order, number, chosen, body,
    await codAmountOf(deps.db, order, lines.reduce((sum, line) => sum + line.shipped, 0)));
  const manual = body.carrier === 'other';
  const booking = manual ? null : await book(deps, log, body.carrier as CarrierId, request);
  const trackingNumber = booking?.trackingNumber ?? body.tracking_number!;
  const carrierName = manual ? body.carrier_name! : CARRIER_NAMES[body.carrier as CarrierId];
  const trackingTemplate = manual ? body.tracking_url || null : TRACKING_PAGES[body.carrier as CarrierId];
  const trackingUrl = trackingPage(trackingTemplate, trackingNumber);

  const now = new Date();
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (!(SHIPPABLE as readonly string[]).includes(locked.status)) throw refuse(locked.status, 'shipped');
      refuseWhileBalanceDue(locked);
      // Another shipment may have taken the same units while the carrier was booking this one.
      chooseLines(await shippableLines(tx, orderId), body, false);
      const [shipment] = await tx.insert(shipments).values({
        orderId, number, carrier: body.carrier, carrierName, service: body.service ?? '', trackingNumber,
        trackingUrl: trackingTemplate,
        labelPdf: booking?.labelPdf ?? null,
        incoterm: request.customs?.incoterm ?? null,
        codAmountMinor: request.codAmount?.amountMinor ?? null, codCurrency: request.codAmount?.currency ?? null,
        createdBy: userId, createdAt: now, updatedAt: now,
      }).returning({ id: shipments.id });
      await tx.insert(shipmentItems).values(chosen.map(({ line, quantity }) => ({ shipmentId: shipment.id, orderItemId: line.id, quantity })));
      await tx.insert(shipmentParcels).values(request.parcels.map((parcel, position) => ({
        shipmentId: shipment.id, position: position + 1, weightGrams: parcel.weightGrams,
      })));
      const status = await settleOrderShipping(tx, locked, now);
      await tx.insert(orderEvents).values({
        orderId, status, shipmentId: shipment.id, createdAt: now, ...shopEvent('shipped', { carrier: carrierName, trackingNumber }),
      });
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
      await sendOrderMail(tx, deps, 'shipped', orderId, undefined, { number, carrierName, trackingNumber, trackingUrl });
      return shipment.id;
    });
  } catch (error) {
    if (booking) await cancelBooking(deps, log, body.carrier as CarrierId, trackingNumber);
    throw error;
  }
}

/** A booking the shop could not record is cancelled with the carrier, so no courier comes for a parcel nobody packs. */
async function cancelBooking(deps: ShipmentDeps, log: FastifyBaseLogger, carrierId: CarrierId, trackingNumber: string): Promise<void> {
  try {
    await deps.carriers[carrierId]?.cancel(trackingNumber);
  } catch (error) {
    log.error({ err: error, carrier: carrierId, trackingNumber }, 'booking not recorded and not cancelled: cancel it with the carrier');
  }
}
