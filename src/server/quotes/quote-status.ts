import {
  acceptQuote, declineQuote, priceQuote, sendQuote, withdrawQuote, type QuoteStatus,
} from '#contracts/quotes';
import type { quotes } from '../db/schema/quotes.ts';
import { apiError } from '../lib/errors.ts';

export type QuoteRow = typeof quotes.$inferSelect;

/** The quote state machine; every other change is refused with 409. */
export const NEXT_QUOTE_STATUSES: Record<QuoteStatus, readonly QuoteStatus[]> = {
  requested: ['priced', 'withdrawn'],
  priced: ['priced', 'sent', 'withdrawn'],
  sent: ['accepted', 'declined', 'withdrawn'],
  accepted: [],
  declined: [],
  expired: [],
  withdrawn: [],
};

/** The routes that move a quote from one status to another. */
const MOVING = [declineQuote, acceptQuote, priceQuote, sendQuote, withdrawQuote] as const;

const article = (word: string) => (/^[aeiou]/.test(word) ? 'An' : 'A');

/** Today's date in UTC, 'YYYY-MM-DD': validity dates are whole days in UTC. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The status a person sees: a sent quote whose last valid day has passed is expired. */
export function effectiveStatus(row: Pick<QuoteRow, 'status' | 'validUntil'>, now: Date): QuoteStatus {
  return row.status === 'sent' && row.validUntil !== null && row.validUntil < utcDay(now) ? 'expired' : row.status;
}

/** Throws 409 unless the quote may move to `to` now. */
export function assertTransition(row: Pick<QuoteRow, 'status' | 'validUntil'>, to: QuoteStatus, now: Date): void {
  const from = effectiveStatus(row, now);
  if (NEXT_QUOTE_STATUSES[from].includes(to)) return;
  if (from === 'expired') {
    throw apiError(MOVING, 'QUOTE_EXPIRED', 409, `This quote expired after ${row.validUntil}. Please request a new quote.`,
      { date: row.validUntil ?? '' });
  }
  throw apiError(MOVING, 'ILLEGAL_TRANSITION', 409, `${article(from)} ${from} quote cannot be ${to}.`);
}
