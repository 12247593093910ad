import { z } from 'zod';
import { defineContract } from './define.ts';
import { order, orderShipment } from './orders.ts';
import { CARRIERS } from './shipping.ts';
import { staffAccess } from './staff-roles.ts';

/* Shipping an order's lines: staff with fulfilment (401 signed out, 403 for anyone else). */

const orderIdParams = z.object({ id: z.uuid({ message: 'Unknown order.' }) });
const shipmentIdParams = z.object({ id: z.uuid({ message: 'Unknown shipment.' }) });
const optionalText = (max: number) => z.string().trim().max(max, `Enter at most ${max} characters.`).optional();
/** A parcel's weight with its packing: up to 70 kg, the heaviest piece the couriers take. */
export const MAX_PARCEL_GRAMS = 70_000;

export const shipmentBody = z.object({
  items: z.array(z.object({
    order_item_id: z.number({ message: 'Choose a line of the order.' }).int(),
    quantity: z.number({ message: 'Enter a quantity.' }).int('Enter a whole number.').min(1, 'Ship at least 1.'),
  })).min(1, 'Choose at least one line to ship.'),
  carrier: z.enum(CARRIERS, { message: 'Choose a carrier.' }),
  /** The carrier's service code (DHL's 'P', 'Y'); empty for the carrier's usual service. */
  service: optionalText(40),
  /** One entry per box; without them, one box weighing the lines' weights and its packing. */
  parcels: z.array(z.object({
    weight_grams: z.number({ message: 'Enter the weight in grams.' }).int('Enter whole grams.').min(1, 'Enter the weight in grams.')
      .max(MAX_PARCEL_GRAMS, `A parcel weighs at most ${MAX_PARCEL_GRAMS / 1000} kg.`),
  })).min(1).max(20, 'Enter at most 20 parcels.').optional(),
  /** Exports only: DAP (the buyer pays duties, the default) or DDP (the shop does). */
  incoterm: z.enum(['DAP', 'DDP']).optional(),
  /** The carrier 'other': its name and the tracking number it gave (both required), and its tracking page. */
  carrier_name: optionalText(100),
  tracking_number: optionalText(100),
  /** The carrier's tracking page; '{tracking}' in it stands for the tracking number. */
  tracking_url: z.union([z.literal(''), z.url({ message: 'Enter a web address starting with https://.', protocol: /^https?$/ }).max(500)]).optional(),
});
export type ShipmentBody = z.input<typeof shipmentBody>;

/**
 * Books some of an order's lines with a carrier (201): the adapter books it and its label is kept; 'other' records a
 * carrier staff handed the parcel to by hand. Quantities up to what is left to ship of each line (400 per field,
 * nothing written); 409 ILLEGAL_TRANSITION for an order not confirmed yet or already shipped, delivered or cancelled;
 * 502 CARRIER_ERROR when the carrier refused the booking or could not be reached (nothing written).
 */
export const createShipment = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/orders/:id/shipments/',
  status: 201,
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'CARRIER_ERROR', 'BALANCE_DUE'],
  params: orderIdParams,
  body: shipmentBody,
  response: z.object({ shipment: orderShipment, order }),
});

/** Asks the shipment's carrier for its tracking now, as the tracking job does; 409 for the carrier 'other'. */
export const refreshShipmentTracking = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/shipments/:id/tracking/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION', 'CARRIER_ERROR'],
  params: shipmentIdParams,
  response: z.object({ order }),
});

export const SHIPMENT_DOCUMENTS = ['label', 'packing-slip', 'commercial-invoice'] as const;
export type ShipmentDocument = (typeof SHIPMENT_DOCUMENTS)[number];
/**
 * A shipment's PDF for staff (not JSON): the carrier's label (404 for 'other', which has none), the packing slip, and
 * for an export the commercial invoice (404 at home).
 */
export const SHIPMENT_DOCUMENT_ROUTE = '/api/staff/shipments/:id/:document.pdf';
export const shipmentDocumentPath = (shipmentId: string, document: ShipmentDocument) =>
  `/api/staff/shipments/${encodeURIComponent(shipmentId)}/${document}.pdf`;
export const shipmentDocumentParams = shipmentIdParams.extend({ document: z.enum(SHIPMENT_DOCUMENTS, { message: 'Unknown document.' }) });
