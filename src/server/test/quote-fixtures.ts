import type { Quote } from '#contracts/quotes';
import type { TestApp } from './test-app.ts';

type Headers = Record<string, string>;

/** A date `days` from today (UTC), 'YYYY-MM-DD'. */
export const dayFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A quote taken through the API: requested by `buyer` (`variantId` for a product with several), then priced by `staff`
 * (each line's unit price in dollars) and sent, unless `stopAt` says otherwise.
 */
export async function quoteThrough(
  t: TestApp,
  { buyer, staff }: { buyer: Headers; staff: Headers },
  lines: { productId: number; variantId?: number; quantity: number; unitPrice: string }[],
  stopAt: 'requested' | 'priced' | 'sent' = 'sent',
): Promise<Quote> {
  const requested = await t.app.inject({
    method: 'POST', url: '/api/quotes/', headers: buyer,
    payload: {
      lines: lines.map((line) => ({ product_id: line.productId, variant_id: line.variantId, quantity: line.quantity })),
      delivery_city: 'Lahore', notes: '',
    },
  });
  if (requested.statusCode !== 201) throw new Error(`quote request failed: ${requested.body}`);
  const quote: Quote = requested.json().quote;
  if (stopAt === 'requested') return quote;
  const priced = await t.app.inject({
    method: 'PUT', url: `/api/staff/quotes/${quote.id}/pricing/`, headers: staff,
    payload: {
      lines: quote.lines.map((line, index) => ({ id: line.id, unit_price: lines[index].unitPrice })),
      valid_until: dayFromToday(14),
    },
  });
  if (priced.statusCode !== 200) throw new Error(`pricing failed: ${priced.body}`);
  if (stopAt === 'priced') return priced.json().quote;
  const sent = await t.app.inject({ method: 'POST', url: `/api/staff/quotes/${quote.id}/send/`, headers: staff });
  if (sent.statusCode !== 200) throw new Error(`sending failed: ${sent.body}`);
  return sent.json().quote;
}
