import { z } from 'zod';
import { defineContract } from './define.ts';
import { staffAccess } from './staff-roles.ts';

/**
 * What became of one row of a courier's remittance report: `paid` (recorded; `order_paid` once every COD parcel of the
 * order is remitted), `already_recorded` (a report read twice pays once), `unknown_consignment` (no cash-on-delivery
 * parcel has this tracking number), `amount_mismatch` (the courier paid another amount than the parcel collects:
 * nothing recorded, the order not marked paid), `invalid` (the row cannot be read: `message` says why).
 */
export const REMITTANCE_OUTCOMES = ['paid', 'already_recorded', 'unknown_consignment', 'amount_mismatch', 'invalid'] as const;
export type RemittanceRowOutcome = (typeof REMITTANCE_OUTCOMES)[number];

export const remittanceRow = z.object({
  /** As a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  tracking_number: z.string(),
  outcome: z.enum(REMITTANCE_OUTCOMES),
  order_number: z.string().nullable(),
  order_paid: z.boolean(),
  /** English, for staff. */
  message: z.string(),
});
export type RemittanceRow = z.infer<typeof remittanceRow>;

/**
 * POST /api/staff/cod-remittances/ (multipart: `file`, the courier's remittance report as CSV; optional `carrier`:
 * tcs, leopards or postex, when tracking numbers alone might not tell). Columns are found by their names in TCS',
 * Leopards' and PostEx's reports (tracking number or CN, amount or COD amount, payment reference or cheque number,
 * paid on or payment date); amounts are rupees as the reports write them ('5,400', 'Rs. 5,400.00'). Each row is
 * recorded once per consignment and marks its order paid; 400 on `file` when it is missing or has no tracking number or
 * amount column.
 */
export const importCodRemittances = defineContract({
  method: 'POST',
  path: '/api/staff/cod-remittances/',
  staff: staffAccess.sales,
  errors: ['STAFF_ONLY'],
  body: z.instanceof(FormData),
  response: z.object({
    rows: z.array(remittanceRow),
    counts: z.record(z.enum(REMITTANCE_OUTCOMES), z.number().int()),
  }),
});

/**
 * POST /api/staff/shipments/{id}/refused/: a cash-on-delivery parcel refused at the door and back with the shop. Its
 * units go back to stock and, when nothing else of the order is on its way, the unpaid order is cancelled; staff are
 * mailed. Calling it again answers `already_settled`. 404 for an unknown shipment; 409 ILLEGAL_TRANSITION for a parcel
 * that collects no cash, or whose cash was already remitted.
 */
export const markShipmentRefused = defineContract({
  method: 'POST',
  path: '/api/staff/shipments/:id/refused/',
  staff: staffAccess.fulfilment,
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: z.object({ id: z.uuid({ message: 'Unknown shipment.' }) }),
  response: z.object({
    outcome: z.enum(['settled', 'already_settled']),
    order_number: z.string(),
    order_cancelled: z.boolean(),
    units_returned: z.number().int(),
  }),
});
