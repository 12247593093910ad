import type { OrderEventCode, PARCEL_EVENTS } from '#contracts/orders';
import { PAYMENT_TERMS_LABELS, type InvoiceTerms } from '#contracts/organisations';

/** The values a coded timeline entry carries; the codes not named here carry none. */
interface EventParams {
  confirmed_on_terms: { terms: InvoiceTerms; dueDate: string };
  shipped: { carrier: string; trackingNumber: string };
  payment_failed: { reason: string };
  confirmed_cash_on_delivery: { amount: string };
  cash_on_delivery_refused: { shipment: string };
  exchange_for_return: { rma: string };
  order_edited: { total: string };
}
type ParcelParams = { [C in (typeof PARCEL_EVENTS)[number]]: { shipment: string } };
type ParamsOf<C extends OrderEventCode> = C extends keyof EventParams ? EventParams[C]
  : C extends keyof ParcelParams ? ParcelParams[C] : Record<string, never>;

/**
 * The English each code is stored with as the description, word for word what the shop wrote before codes: the 0018
 * backfill recognises timelines by these texts.
 */
const ENGLISH: { [C in OrderEventCode]: (params: ParamsOf<C>) => string } = {
  placed: () => 'Order placed',
  payment_received: () => 'Payment received',
  confirmed: () => 'Order confirmed',
  confirmed_on_terms: ({ terms, dueDate }) => `Order confirmed on ${PAYMENT_TERMS_LABELS[terms]} terms: payment due by ${dueDate}`,
  processing: () => 'Order is being prepared for shipment',
  shipped: ({ carrier, trackingNumber }) => `Order shipped with ${carrier}, tracking number ${trackingNumber}`,
  delivered: () => 'Order delivered',
  cancelled_by_buyer: () => 'Order cancelled by the buyer',
  cancelled_by_shop: () => 'Order cancelled by Sialkot Surgical',
  payment_failed: ({ reason }) => `Payment failed: ${reason}`,
  reservation_expired: () => 'Reservation expired: payment not completed',
  invoice_paid: () => 'Invoice payment received',
  refund_due: () => 'Payment received after the order was cancelled: it will be refunded',
  parcel_booked: ({ shipment }) => `Parcel ${shipment} booked with the carrier`,
  parcel_picked_up: ({ shipment }) => `Parcel ${shipment} picked up by the carrier`,
  parcel_in_transit: ({ shipment }) => `Parcel ${shipment} in transit`,
  parcel_out_for_delivery: ({ shipment }) => `Parcel ${shipment} out for delivery`,
  parcel_delivered: ({ shipment }) => `Parcel ${shipment} delivered`,
  parcel_returned: ({ shipment }) => `Parcel ${shipment} returned to Sialkot Surgical`,
  parcel_exception: ({ shipment }) => `Parcel ${shipment} held up: the carrier is looking into it`,
  confirmed_cash_on_delivery: ({ amount }) => `Order confirmed: pay ${amount} in cash on delivery`,
  cash_on_delivery_refused: ({ shipment }) => `Parcel ${shipment} was refused at the door and came back: its items are back in stock`,
  exchange_for_return: ({ rma }) => `Replacement for return ${rma}, at no charge`,
  order_edited: ({ total }) => `Order changed before shipping: the total is now ${total}`,
};

/** The text columns of an order_events row. */
export interface OrderEventText {
  event: OrderEventCode | null;
  eventParams: Record<string, string>;
  description: string;
}

/** A timeline entry the shop writes: its code, its values and their English. */
export function shopEvent<C extends OrderEventCode>(
  event: C, ...[params]: ParamsOf<C> extends Record<string, never> ? [] : [ParamsOf<C>]
): OrderEventText {
  const values = (params ?? {}) as ParamsOf<C>;
  return { event, eventParams: { ...values }, description: ENGLISH[event](values) };
}

/** A timeline entry as staff typed it, shown in every language as it is. */
export const staffEvent = (description: string): OrderEventText => ({ event: null, eventParams: {}, description });
