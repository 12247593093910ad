import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { sendQuote as sendQuoteContract, type Quote, type quotePricingBody } from '#contracts/quotes';
import { dollarsToCents } from '#contracts/money';
import type { DbOrTx } from '../db/client.ts';
import { quoteLines, quotes } from '../db/schema/quotes.ts';
import { apiError, badRequest, type FieldErrors } from '../lib/errors.ts';
import { mailQuoteSent, mailQuoteWithdrawn } from './quote-mail.ts';
import { assertTransition, utcDay, type QuoteRow } from './quote-status.ts';
import { findQuote, quoteView, refuseWhilePaying, type QuoteDeps } from './quotes.service.ts';

/** How far ahead a validity date may be set. */
export const MAX_VALIDITY_DAYS = 365;

const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** Runs one state change on the locked quote; answers the staff view of the result and the buyer's id. */
async function change(
  deps: QuoteDeps, quoteId: string, apply: (tx: DbOrTx, row: QuoteRow) => Promise<void>,
  mail?: (deps: QuoteDeps, buyerId: string, quote: Quote) => Promise<void>,
): Promise<{ quote: Quote; buyerId: string }> {
  // The buyer's mail, when the change sends one, is written to the outbox in the change's own transaction.
  return deps.db.transaction(async (tx) => {
    await apply(tx, await findQuote(tx, null, quoteId, true));
    const row = await findQuote(tx, null, quoteId);
    const quote = await quoteView({ ...deps, db: tx }, row, 'staff');
    if (mail) await mail({ ...deps, db: tx }, row.userId, quote);
    return { quote, buyerId: row.userId };
  });
}

/** Saves a unit price for every line, the validity date and a note; the quote becomes priced (not yet sent). */
export async function priceQuote(deps: QuoteDeps, quoteId: string, body: z.infer<typeof quotePricingBody>): Promise<Quote> {
  const now = new Date();
  const { quote } = await change(deps, quoteId, async (tx, row) => {
    assertTransition(row, 'priced', now);
    const lineIds = new Set((await tx.select({ id: quoteLines.id }).from(quoteLines).where(eq(quoteLines.quoteId, quoteId)))
      .map((line) => line.id));
    const errors: FieldErrors = {};
    body.lines.forEach((line, index) => {
      if (!lineIds.has(line.id)) errors[`lines.${index}.id`] = ['This line is not on the quote.'];
    });
    const priced = new Set(body.lines.map((line) => line.id));
    if ([...lineIds].some((id) => !priced.has(id)) || priced.size !== body.lines.length) errors.lines = ['Price every line of this quote once.'];
    const today = utcDay(now);
    if (body.valid_until < today) errors.valid_until = ['Choose today or a later date.'];
    else if (body.valid_until > addDays(today, MAX_VALIDITY_DAYS)) errors.valid_until = [`Choose a date within ${MAX_VALIDITY_DAYS} days.`];
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    for (const line of body.lines) {
      await tx.update(quoteLines).set({ unitPriceCents: dollarsToCents(Number(line.unit_price)) }).where(eq(quoteLines.id, line.id));
    }
    await tx.update(quotes).set({ status: 'priced', validUntil: body.valid_until, staffNote: body.staff_note, updatedAt: now })
      .where(eq(quotes.id, quoteId));
  });
  return quote;
}

/** Sends a priced quote to the buyer, who is mailed its prices. */
export async function sendQuote(deps: QuoteDeps, quoteId: string): Promise<Quote> {
  const now = new Date();
  const { quote } = await change(deps, quoteId, async (tx, row) => {
    assertTransition(row, 'sent', now);
    if (row.validUntil === null || row.validUntil < utcDay(now)) {
      throw apiError(sendQuoteContract, 'VALIDITY_PASSED', 409, 'The validity date has passed: set a new one before sending.');
    }
    await tx.update(quotes).set({ status: 'sent', sentAt: now, updatedAt: now }).where(eq(quotes.id, quoteId));
  }, mailQuoteSent);
  return quote;
}

/** Withdraws a quote that was not decided yet; the buyer is mailed the reason. */
export async function withdrawQuote(deps: QuoteDeps, quoteId: string, reason: string): Promise<Quote> {
  const now = new Date();
  const { quote } = await change(deps, quoteId, async (tx, row) => {
    assertTransition(row, 'withdrawn', now);
    await refuseWhilePaying(tx, row);
    await tx.update(quotes).set({ status: 'withdrawn', decisionReason: reason, decidedAt: now, updatedAt: now })
      .where(eq(quotes.id, quoteId));
  }, mailQuoteWithdrawn);
  return quote;
}
