import { z } from 'zod';
import { purchaseOrder } from './organisation-purchasing.ts';
import { cart } from './cart.ts';
import { invoiceTerms } from './invoice-terms.ts';
import { creditNoteRef } from './credit-notes.ts';
import { defineContract } from './define.ts';
import { decimalString, moneyBreakdown } from './money.ts';
import { ORDER_TYPES, orderCharges, orderLinePrice, PAYMENT_METHODS } from './payment.ts';
import { refundView } from './refunds.ts';
import { equivalentProduct } from './reorder-lists.ts';
import { translatedNames } from './translated-names.ts';
import { CARRIERS } from './shipping.ts';
import { orderSetComponent } from './set-sales.ts';

/** partly_shipped: some of the order's lines are on their way, the rest not yet shipped. */
export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'partly_shipped', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** awaiting_payment: confirmed on payment terms (Pay by invoice), until staff record the payment. */
export const ORDER_PAYMENT_STATUSES = ['pending', 'awaiting_payment', 'paid', 'failed', 'refunded'] as const;
export const ORDERS_PAGE_SIZE = 10;
export const MAX_SEARCH_LENGTH = 100;

/** A carrier's checkpoint on the timeline, one code per stage its tracking reports (carrier.ts TrackingStatus). */
export const PARCEL_EVENTS = [
  'parcel_booked', 'parcel_picked_up', 'parcel_in_transit', 'parcel_out_for_delivery', 'parcel_delivered', 'parcel_returned',
  'parcel_exception',
] as const;

/** The buyer may cancel before the order is being prepared. */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ['pending', 'confirmed'];

/**
 * What the shop itself wrote on a timeline, as codes the storefront words in the visitor's language. Their values:
 * confirmed_on_terms {terms: 'net30' | 'net60', dueDate: ISO date}, shipped {carrier, trackingNumber},
 * payment_failed {reason: the gateway's message}, order_edited {total: 'USD 80.00'}; the carrier's checkpoints (parcel_*) {shipment: its number}.
 */
export const ORDER_EVENTS = [
  'placed', 'payment_received', 'confirmed', 'confirmed_on_terms', 'processing', 'shipped', 'delivered',
  'cancelled_by_buyer', 'cancelled_by_shop', 'payment_failed', 'reservation_expired', 'invoice_paid', 'refund_due',
  ...PARCEL_EVENTS,
  'confirmed_cash_on_delivery', 'cash_on_delivery_refused', 'exchange_for_return', 'order_edited',
] as const;
export type OrderEventCode = (typeof ORDER_EVENTS)[number];

/** `description` is the English text; `event` is null when staff typed it (shown as typed). */
export const trackingEvent = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  event: z.enum(ORDER_EVENTS).nullable(),
  params: z.record(z.string(), z.string()),
  description: z.string(),
  timestamp: z.string(),
  location: z.string().optional(),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

export const SHIPMENT_STATUSES = ['booked', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/**
 * Some or all of an order's lines under one tracking number. `carrier` is 'other' for a carrier staff named by hand
 * (`carrierName`); `trackingUrl` is the carrier's page for it, when known. Events newest first.
 */
export const orderShipment = z.object({
  id: z.string(),
  number: z.string(),
  carrier: z.enum(CARRIERS),
  carrierName: z.string(),
  service: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  items: z.array(z.object({ orderItemId: z.number().int(), name: z.string(), variantLabel: z.string(), quantity: z.number().int() })),
  parcels: z.array(z.object({ weightGrams: z.number().int() })),
  /** An export's customs terms: DAP (the buyer pays duties) or DDP (the shop does); null at home. */
  incoterm: z.enum(['DAP', 'DDP']).nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  events: z.array(trackingEvent),
});
export type OrderShipment = z.infer<typeof orderShipment>;

export const orderItem = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  /** The variant sold; null when it no longer exists. */
  variantId: z.number().int().nullable(),
  /** The variant's option values as sold, '18 cm · Curved'; '' for a product without options. */
  variantLabel: z.string(),
  slug: z.string().optional(),
  name: z.string(),
  quantity: z.number().int(),
  ...orderLinePrice,
  /** The contract of the organisation price list that priced the line; '' when none did. */
  contractNumber: z.string(),
  image: z.string(),
  /** The category's English name when the order was placed: orders are history. */
  category: z.string(),
  /**
   * The category's name in Urdu and Arabic (see catalog's translatedNames), from the product's current category;
   * {} when the product no longer exists.
   */
  category_translations: translatedNames,
  /** Only on a line of an instrument set: what one set held, each component with its lots. */
  set_components: z.array(orderSetComponent).optional(),
});
export type OrderItem = z.infer<typeof orderItem>;

/**
 * The spec's order, camelCase; `total` in USD, `totalCharged` in the paid `currency`, with the breakdown behind them;
 * events newest first.
 */
export const order = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  estimatedDelivery: z.string().nullable(),
  total: z.number(),
  totalCharged: z.number(),
  ...orderCharges,
  /** `refunded`: what its refunds gave back, in USD (failed ones count for nothing). */
  breakdown: moneyBreakdown.extend({ refunded: decimalString }),
  /** Oldest first. */
  refunds: z.array(refundView),
  /** What is left to refund of the captured payment, in USD ('0.00' when nothing was captured). */
  refundable: decimalString,
  /** The credit notes of its refunds and store credits, in number order. */
  credit_notes: z.array(creditNoteRef),
  /** USD paid with store credit ('0.00' when none). */
  storeCredit: decimalString,
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  orderType: z.enum(ORDER_TYPES),
  items: z.array(orderItem),
  /** `country`: ISO 3166-1 alpha-2 of the shipping address. */
  shippingAddress: z.object({
    name: z.string(), address: z.string(), city: z.string(), country: z.string(), phone: z.string(), email: z.string(),
  }),
  /** The shipping option's name as sold ('' for orders from before shipping zones). */
  shippingMethod: z.string(),
  /** Oldest first. */
  shipments: z.array(orderShipment),
  trackingEvents: z.array(trackingEvent),
  canCancel: z.boolean(),
  /** Orders paid by invoice on terms: the terms, the due date (ISO) and when the payment was recorded. */
  invoiceTerms: invoiceTerms.nullable(),
  /** Orders placed for an organisation: PO number, department and bill-to. */
  purchaseOrder: purchaseOrder.nullable(),
});
export type Order = z.infer<typeof order>;

export const ordersQuery = z.object({
  page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
  status: z.enum(['all', ...ORDER_STATUSES]).optional(),
  search: z.string().trim().max(MAX_SEARCH_LENGTH, `Enter at most ${MAX_SEARCH_LENGTH} characters.`).optional(),
});
export type OrdersQuery = z.input<typeof ordersQuery>;
export type OrdersFilter = z.infer<typeof ordersQuery>;

export const orderList = z.object({ orders: z.array(order), totalPages: z.number().int(), count: z.number().int() });
export type OrderList = z.infer<typeof orderList>;

export const listOrders = defineContract({
  method: 'GET',
  path: '/api/orders/',
  query: ordersQuery,
  response: orderList,
});

/** By order number or a shipment's tracking number; 404 unless the order is the caller's (or the caller is staff). */
export const trackOrder = defineContract({
  method: 'GET',
  path: '/api/orders/track/:reference',
  params: z.object({ reference: z.string().trim().min(1).max(MAX_SEARCH_LENGTH) }),
  response: z.object({ order }),
});

const orderIdParams = z.object({ id: z.uuid({ message: 'Unknown order.' }) });

export const cancelOrder = defineContract({
  method: 'POST',
  path: '/api/orders/:id/cancel/',
  errors: ['ILLEGAL_TRANSITION', 'INSUFFICIENT_STOCK'],
  params: orderIdParams,
  response: z.object({ order }),
});

/**
 * A PDF download (not JSON): owner or staff, and the admins, approvers and finance of the organisation the order was
 * placed for (as its reports list it); 404 for anyone else.
 */
export const invoicePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
export const INVOICE_ROUTE = '/api/orders/:id/invoice.pdf';
/** The file the invoice is saved as: 'invoice-SS-7K2M9QXD.pdf', no spaces. */
export const invoiceFileName = (orderNumber: string) => `invoice-${orderNumber}.pdf`;
export const invoiceParams = orderIdParams;

export const BUY_AGAIN_OUTCOMES = ['added', 'partial', 'out_of_stock', 'discontinued'] as const;

/** One line of a past order, as buying it again went: what it holds today, and what took its place if it could not. */
export const buyAgainLine = z.object({
  /** null, as variant_id, when the product or size ordered no longer exists. */
  product_id: z.number().int().nullable(),
  variant_id: z.number().int().nullable(),
  variant_label: z.string(),
  name: z.string(),
  ordered_quantity: z.number().int(),
  /** Units put into the cart: all of them (added), fewer for want of stock (partial), none otherwise. */
  added: z.number().int(),
  outcome: z.enum(BUY_AGAIN_OUTCOMES),
  /** The unit price paid on the order, in USD. */
  ordered_price: decimalString,
  /** The unit price the cart charges this buyer today, in USD; null for a line not in the cart. */
  today_price: decimalString.nullable(),
  /** For a line out of stock or discontinued: an in-stock product of the same type and size from another maker. */
  equivalent: equivalentProduct.nullable(),
});
export type BuyAgainLine = z.infer<typeof buyAgainLine>;

/** Puts a past order's lines into the caller's cart at today's prices; 404 for an order that is not the caller's. */
export const buyAgain = defineContract({
  method: 'POST',
  path: '/api/orders/:orderNumber/buy-again/',
  params: z.object({ orderNumber: z.string().trim().min(1, 'Unknown order.').max(40, 'Unknown order.') }),
  response: z.object({ cart, lines: z.array(buyAgainLine) }),
});
