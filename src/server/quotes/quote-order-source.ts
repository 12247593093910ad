import { and, eq } from 'drizzle-orm';
import { cartTotals } from '../pricing/cart-totals.ts';
import { PAKISTAN_STANDARD, shippingFor } from '../shipping/checkout-shipping.ts';
import type { OrderSource, SettleSource } from '../orders/order-source.ts';
import { quotedOrderLines } from '../orders/quoted-lines.ts';
import { quoteLines, quotes } from '../db/schema/quotes.ts';
import type { DbOrTx } from '../db/client.ts';
import { acceptQuote, type AcceptQuantities } from '#contracts/quotes';
import { apiError } from '../lib/errors.ts';
import { assertTransition } from './quote-status.ts';
import { inStock } from './quote-stock.ts';
import { findQuote, refuseWhilePaying } from './quotes.service.ts';

const quotedLines = (tx: DbOrTx, quoteId: string) => quotedOrderLines(tx, {
  table: quoteLines, variantId: quoteLines.variantId, unitPriceCents: quoteLines.unitPriceCents, quantity: quoteLines.quantity,
  where: eq(quoteLines.quoteId, quoteId),
});

const nothingInStock = () =>
  apiError(acceptQuote, 'INSUFFICIENT_STOCK', 409, 'None of the products on this quote is in stock now.', { reason: 'quote' });

/**
 * Accepting a sent quote: the order is placed from its lines at the quoted unit prices, with tax and shipping as
 * checkout computes them for the quote's city in Pakistan by the standard method (no promo codes); `available` takes of each line what is in stock now. The quote row stays
 * locked while the order is placed, so it cannot be withdrawn, declined or accepted twice meanwhile; it becomes
 * accepted once the order is paid, or once its lines wait for the approval of the buyer's organisation.
 */
export function quoteSource(taxBasisPoints: number, userId: string, quoteId: string, quantities: AcceptQuantities): OrderSource {
  return {
    scope: `quote:${quoteId}`,
    async price(tx, now) {
      const row = await findQuote(tx, userId, quoteId, true);
      assertTransition(row, 'accepted', now);
      await refuseWhilePaying(tx, row);
      const quoted = await quotedLines(tx, quoteId);
      const lines = quantities === 'available' ? inStock(quoted) : quoted;
      if (lines.length === 0) throw nothingInStock();
      const shipping = await shippingFor(tx, lines, { ...PAKISTAN_STANDARD, city: row.deliveryCity }, taxBasisPoints, 'delivery_city');
      return { lines, shipping, totals: cartTotals(lines, null, shipping) };
    },
    async placed(tx, orderId) {
      await tx.update(quotes).set({ orderId, updatedAt: new Date() }).where(eq(quotes.id, quoteId));
    },
    async hold(tx) {
      const now = new Date();
      await tx.update(quotes).set({ status: 'accepted', decidedAt: now, updatedAt: now }).where(eq(quotes.id, quoteId));
    },
  };
}

/** Settles the order of an accepted quote: the quote is accepted once its order is paid. */
export const quoteOrderSettled: SettleSource = async (tx, order) => {
  const now = new Date();
  const [quote] = await tx.select({ id: quotes.id, status: quotes.status }).from(quotes).where(eq(quotes.orderId, order.orderId));
  if (!quote) return false;
  await tx.update(quotes).set({ status: 'accepted', decidedAt: now, updatedAt: now }).where(and(eq(quotes.id, quote.id), eq(quotes.status, 'sent')));
  return true;
};
