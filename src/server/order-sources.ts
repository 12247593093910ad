import { cartOrderSettled } from './checkout/cart-order-source.ts';
import { settleFirst } from './orders/order-source.ts';
import { requestOrderSettled } from './organisation-purchasing/request-order-source.ts';
import type { PrivateLabelMailDeps } from './private-label/private-label-mail.ts';
import { privateLabelOrderSettled } from './private-label/private-label-order-source.ts';
import { quoteOrderSettled } from './quotes/quote-order-source.ts';

/**
 * Whoever confirms a paid order settles its source: its quote, its request, its private-label request (whose buyer and
 * the shop are mailed through `mail`), or else the buyer's cart.
 */
export const orderSourceSettlers = (mail: PrivateLabelMailDeps | null, taxBasisPoints: number) =>
  settleFirst(quoteOrderSettled, requestOrderSettled, privateLabelOrderSettled(mail, taxBasisPoints), cartOrderSettled);

/** As the shop settles them, without the private-label mail. */
export const settleOrderSources = orderSourceSettlers(null, 0);
