import { cartOrderSettled } from './checkout/cart-order-source.ts';
import { settleFirst } from './orders/order-source.ts';
import { requestOrderSettled } from './organisation-purchasing/request-order-source.ts';
import { quoteOrderSettled } from './quotes/quote-order-source.ts';

/** Whoever confirms a paid order settles its source: its quote, its request, or else the buyer's cart. */
export const settleOrderSources = settleFirst(quoteOrderSettled, requestOrderSettled, cartOrderSettled);
