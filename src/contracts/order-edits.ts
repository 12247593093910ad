import { z } from 'zod';
import { defineContract } from './define.ts';
import { message, WHOLE_UNITS } from './issues.ts';
import { decimalString } from './money.ts';
import { order } from './orders.ts';
import { shippingAddressFields, withPostalRule } from './payment.ts';
import { refundView } from './refunds.ts';
import { staffAccess } from './staff-roles.ts';

/** What staff may change on an order before it ships. */
export const ORDER_EDIT_KINDS = ['address', 'quantity', 'remove_line'] as const;
export type OrderEditKind = (typeof ORDER_EDIT_KINDS)[number];

/** An order may be edited while it is confirmed or being prepared, and before any of it ships. */
export const EDITABLE_ORDER_STATUSES = ['confirmed', 'processing'] as const;

export const LINE_NOT_ON_ORDER = message('line_not_on_order', 'This line is not on the order.');
export const quantityNotLower = (max: number) =>
  message('quantity_not_lower', `Enter fewer units than the ${max} ordered.`, { max });

/** The ship-to address as checkout takes it; the buyer's email stays the account's. */
export const orderEditAddress = withPostalRule(shippingAddressFields.omit({ email: true }));
export type OrderEditAddress = z.input<typeof orderEditAddress>;

const orderItemId = z.number({ message: LINE_NOT_ON_ORDER }).int(LINE_NOT_ON_ORDER).positive(LINE_NOT_ON_ORDER);

/**
 * One change: the address; a line's quantity, only lower and at least 1; or a line removed (never the last: cancelling
 * the order is the way for that).
 */
export const orderEditBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('address'), address: orderEditAddress }),
  z.object({
    kind: z.literal('quantity'),
    order_item_id: orderItemId,
    quantity: z.number({ message: WHOLE_UNITS }).int(WHOLE_UNITS).min(1, message('too_small', 'Enter at least 1.', { min: 1 })),
  }),
  z.object({ kind: z.literal('remove_line'), order_item_id: orderItemId }),
], { message: message('invalid', 'Say what to change: the address, a quantity or a line to remove.') });
export type OrderEditBody = z.input<typeof orderEditBody>;
export type OrderEdit = z.output<typeof orderEditBody>;

/**
 * A change as it was made: what it changed either side (a removed line whole in `before`), the order's total either
 * side in USD, the refund of the difference when the order was paid, and the store credit given back (USD).
 */
export const orderEditView = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_EDIT_KINDS),
  order_item_id: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  total_before: decimalString,
  total_after: decimalString,
  refund_id: z.string().nullable(),
  store_credit_returned: decimalString,
  author_email: z.string(),
  created_at: z.string(),
});
export type OrderEditView = z.infer<typeof orderEditView>;

/**
 * Changes an order before it ships (201 with the order, the edit and its refund). The totals are priced again as the
 * order was placed, each line at what it was charged; the units taken off go back to the lots they came from; the
 * difference goes back to the payment (and to store credit for the part it paid), or comes off the amount due. A paid
 * order needs an Idempotency-Key header: the same key answers the first edit again and never refunds twice.
 * 409 ORDER_NOT_EDITABLE once the order ships (or while pending, or cancelled), LAST_LINE for its only line.
 */
export const editOrder = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/staff/orders/:id/edits/',
  status: 201,
  errors: ['STAFF_ONLY', 'ORDER_NOT_EDITABLE', 'LAST_LINE', 'NOT_REFUNDABLE', 'REFUND_EXCEEDS_CAPTURED', 'REFUND_FAILED', 'IDEMPOTENCY_KEY_REUSED'],
  params: z.object({ id: z.uuid({ message: 'Unknown order.' }) }),
  body: orderEditBody,
  response: z.object({ order, edit: orderEditView, refund: refundView.nullable() }),
});
