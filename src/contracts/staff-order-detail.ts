import { z } from 'zod';
import { defineContract } from './define.ts';
import { text } from './fields.ts';
import { atMost, REQUIRED } from './issues.ts';
import { decimalString } from './money.ts';
import { order, orderItem } from './orders.ts';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES } from './payment.ts';
import { returnView } from './returns.ts';
import { staffAccess } from './staff-roles.ts';
import { lineLot } from './line-lot.ts';

/*
 * One order as staff work from it: what to pick (lines with their lots and UDIs), who bought it and where it goes,
 * its money and parcels, its timeline, staff's internal notes, and what the caller's role may do with it now.
 * Every role opens it; the buyer's personal fields (names, email, phone, addresses) are null for roles that do not
 * read orders (`staffAccess.ordersRead`), as in the audit trail.
 */

export const MAX_NOTE_LENGTH = 2000;

export { lineLot, type LineLot } from './line-lot.ts';

/** An order line as the pick list needs it: the order's line with its catalogue number, lots and units shipped. */
export const staffOrderLine = orderItem.extend({
  model_number: z.string(),
  lots: z.array(lineLot),
  /** Units of the line in the order's shipments that are not cancelled. */
  shipped_quantity: z.number().int(),
});
export type StaffOrderLine = z.infer<typeof staffOrderLine>;

/** An address on the order; every field but the country is null for a role that does not read orders. */
export const orderParty = z.object({
  name: z.string().nullable(),
  /** The name in its two parts, as the address is edited. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type OrderParty = z.infer<typeof orderParty>;

/** One charge attempt: `amount` and `fee` in the charged `currency`. */
export const staffPayment = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: decimalString,
  fee: decimalString,
  currency: z.enum(PAYMENT_CURRENCIES),
  transaction_id: z.string(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
});
export type StaffPayment = z.infer<typeof staffPayment>;

export const orderNote = z.object({ id: z.number().int(), text: z.string(), author_email: z.string(), created_at: z.string() });
export type OrderNote = z.infer<typeof orderNote>;

/** What the caller's role may do with the order as it stands (the server refuses the rest all the same). */
export const orderActions = z.object({
  ship: z.boolean(),
  refund: z.boolean(),
  cancel: z.boolean(),
  print_slip: z.boolean(),
  add_note: z.boolean(),
  /** Change the address, lower a quantity or remove a line: before anything is booked to ship. */
  edit: z.boolean(),
});
export type OrderActions = z.infer<typeof orderActions>;

export const staffOrderDetail = z.object({
  /** The order as its other answers carry it, without its lines (see `lines`) and the buyer's addresses (see the parties). */
  order: order.omit({ items: true, shippingAddress: true, purchaseOrder: true }),
  lines: z.array(staffOrderLine),
  buyer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** Orders placed for an organisation: its name, the department, cost centre and PO number ('' when none). */
  organisation: z.object({
    name: z.string(), department: z.string().nullable(), cost_centre: z.string(), po_number: z.string(),
  }).nullable(),
  ship_to: orderParty,
  /**
   * The bill-to of the purchase order a procurement system sent ('purchase_order'), else the department's billing
   * address when it has one ('department'), else the ship-to ('ship_to').
   */
  bill_to: orderParty.extend({ source: z.enum(['purchase_order', 'department', 'ship_to']) }),
  /** Oldest first. */
  payments: z.array(staffPayment),
  /** Oldest first, as the buyer reads them. */
  returns: z.array(returnView),
  /** Newest first. */
  notes: z.array(orderNote),
  actions: orderActions,
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetail>;

/** By the order's id or its order number (as on the page's address, case-insensitive); 404 for neither. */
export const getStaffOrder = defineContract({
  staff: staffAccess.allStaff,
  method: 'GET',
  path: '/api/staff/orders/:id/',
  errors: ['STAFF_ONLY'],
  params: z.object({ id: z.string().trim().min(1).max(100) }),
  response: staffOrderDetail,
});

/** An internal note: staff alone read it, never the buyer. */
export const addOrderNote = defineContract({
  staff: staffAccess.ordersRead,
  method: 'POST',
  path: '/api/staff/orders/:id/notes/',
  status: 201,
  errors: ['STAFF_ONLY'],
  params: z.object({ id: z.uuid({ message: 'Unknown order.' }) }),
  body: z.object({
    text: text({ message: REQUIRED }).trim().min(1, REQUIRED).max(MAX_NOTE_LENGTH, atMost(MAX_NOTE_LENGTH)),
  }),
  response: z.object({ note: orderNote, notes: z.array(orderNote) }),
});
