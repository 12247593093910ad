import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import {
  ALREADY_REQUESTED, acceptQuote, declineQuote as declineQuoteContract, QUOTES_PAGE_SIZE, withdrawQuote, type Quote, type QuoteList, type QuoteStatus, type quoteRequestBody, type quotesQuery,
} from '#contracts/quotes';
import type { z } from 'zod';
import type { UserRow } from '../auth/user-view.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import { shippingZoneRates } from '../shipping/shipping-zone-rates.ts';
import { newQuoteNumber } from '../checkout/order-identifiers.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { orders } from '../db/schema/orders.ts';
import { quoteLines, quotes } from '../db/schema/quotes.ts';
import { apiError, badRequest, HttpError, notFound, type FieldErrors } from '../lib/errors.ts';
import { resolveVariant } from '../catalog/variants.ts';
import { mailNewRequest, type QuoteMailDeps } from './quote-mail.ts';
import { assertTransition, utcDay, type QuoteRow } from './quote-status.ts';
import { quoteViews, type QuoteViewOptions } from './quote-view.ts';

export interface QuoteDeps extends QuoteMailDeps {
  /** TAX_RATE in basis points, as checkout charges it. */
  taxBasisPoints: number;
}

export type Audience = QuoteViewOptions['audience'];
export const QUOTE_NOT_FOUND = 'Quote not found.';

export async function viewOptions(deps: QuoteDeps, audience: Audience, now = new Date()): Promise<QuoteViewOptions> {
  return { audience, taxBasisPoints: deps.taxBasisPoints, zones: await shippingZoneRates(deps.db), rate: await usdToPkrRate(deps.db), now };
}

export async function quoteView(deps: QuoteDeps, row: QuoteRow, audience: Audience): Promise<Quote> {
  return (await quoteViews(deps.db, [row], await viewOptions(deps, audience)))[0];
}

/** Quotes in this status as a person sees it: 'sent' and 'expired' are both stored as sent, split by the date. */
function statusCondition(status: QuoteStatus, now: Date): SQL {
  const today = utcDay(now);
  if (status === 'expired') return and(eq(quotes.status, 'sent'), lt(quotes.validUntil, today))!;
  if (status === 'sent') return and(eq(quotes.status, 'sent'), gte(quotes.validUntil, today))!;
  return eq(quotes.status, status);
}

/** One page of quotes, newest first: the buyer's own, or everyone's for staff (`userId` null). */
export async function listQuotes(
  deps: QuoteDeps, userId: string | null, query: z.infer<typeof quotesQuery>, audience: Audience,
): Promise<QuoteList> {
  const now = new Date();
  const where = and(userId ? eq(quotes.userId, userId) : undefined, query.status ? statusCondition(query.status, now) : undefined);
  const [{ total }] = await deps.db.select({ total: count() }).from(quotes).where(where);
  const rows = await deps.db.select().from(quotes).where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id)).limit(QUOTES_PAGE_SIZE).offset((query.page - 1) * QUOTES_PAGE_SIZE);
  return {
    quotes: await quoteViews(deps.db, rows, await viewOptions(deps, audience, now)),
    totalPages: Math.max(1, Math.ceil(total / QUOTES_PAGE_SIZE)),
    count: total,
  };
}

/** The quote, or the same 404 whether it does not exist or belongs to another buyer (`userId` null: staff). */
export async function findQuote(db: Db, userId: string | null, quoteId: string, lock = false): Promise<QuoteRow> {
  const query = db.select().from(quotes).where(and(eq(quotes.id, quoteId), userId ? eq(quotes.userId, userId) : undefined));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  return row;
}

/** 409 while an order placed from this quote is waiting for its payment. */
export async function refuseWhilePaying(tx: DbOrTx, row: QuoteRow): Promise<void> {
  if (!row.orderId) return;
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
  if (order?.status === 'pending') {
    throw apiError([declineQuoteContract, acceptQuote, withdrawQuote], 'PAYMENT_IN_PROGRESS', 409, 'A payment for this quote is in progress.');
  }
}

/**
 * The variant each requested line means, or 400 per line: an unknown or retired product on product_id; a variant
 * left out for a product with several, one of another product, or one asked for twice on variant_id.
 */
async function requestedVariants(db: Db, lines: z.infer<typeof quoteRequestBody>['lines']): Promise<number[]> {
  const onSale = new Set((await db.select({ id: products.id }).from(products)
    .where(and(inArray(products.id, lines.map((line) => line.product_id)), eq(products.isActive, true)))).map((row) => row.id));
  const errors: FieldErrors = {};
  const variantIds: number[] = [];
  for (const [index, line] of lines.entries()) {
    try {
      const variant = onSale.has(line.product_id) ? await resolveVariant(db, line.product_id, line.variant_id, `lines.${index}.variant_id`) : null;
      if (!variant) errors[`lines.${index}.product_id`] = ['Product not found.'];
      else if (variantIds.includes(variant.id)) errors[`lines.${index}.variant_id`] = [ALREADY_REQUESTED];
      else variantIds.push(variant.id);
    } catch (error) {
      if (!(error instanceof HttpError && error.errors)) throw error;
      Object.assign(errors, error.errors);
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return variantIds;
}

/** Stores a business buyer's request, one line per variant, and mails it to the shop. Nothing is stored on a 400. */
export async function requestQuote(deps: QuoteDeps, user: UserRow, body: z.infer<typeof quoteRequestBody>): Promise<Quote> {
  const variantIds = await requestedVariants(deps.db, body.lines);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx.insert(quotes).values({
      number: newQuoteNumber(), userId: user.id, deliveryCity: body.delivery_city, notes: body.notes,
    }).returning();
    await tx.insert(quoteLines).values(body.lines.map((line, index) => ({ quoteId: created.id, variantId: variantIds[index], quantity: line.quantity })));
    const view = await quoteView({ ...deps, db: tx }, created, 'buyer');
    await mailNewRequest({ ...deps, db: tx }, view, { name: `${user.firstName} ${user.lastName}`, email: user.email, hospitalName: user.hospitalName });
    return view;
  });
  return row;
}

/** The buyer turns a sent quote down; an expired or decided one is 409. */
export async function declineQuote(deps: QuoteDeps, userId: string, quoteId: string, reason: string): Promise<Quote> {
  const now = new Date();
  const row = await deps.db.transaction(async (tx) => {
    const current = await findQuote(tx, userId, quoteId, true);
    assertTransition(current, 'declined', now);
    await refuseWhilePaying(tx, current);
    const [updated] = await tx.update(quotes).set({ status: 'declined', decisionReason: reason, decidedAt: now, updatedAt: now })
      .where(eq(quotes.id, quoteId)).returning();
    return updated;
  });
  return quoteView(deps, row, 'buyer');
}
