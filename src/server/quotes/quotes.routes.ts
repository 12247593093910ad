import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/quotes';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { processPayment } from '../checkout/payment-flow.service.ts';
import { route } from '../lib/route.ts';
import { quoteSource } from './quote-order-source.ts';
import { declineQuote, findQuote, listQuotes, quoteView, requestQuote, type QuoteDeps } from './quotes.service.ts';
import { priceQuote, sendQuote, withdrawQuote } from './staff-quotes.service.ts';
import type { Contract } from '#contracts/define';
import { audited, rowOf } from '../audit/audited.ts';
import { quotes } from '../db/schema/quotes.ts';

export type QuoteRouteDeps = PaymentDeps & QuoteDeps & { requireUser: RequireUser };

export function registerQuoteRoutes(app: FastifyInstance, deps: QuoteRouteDeps): void {
  // Quotes are for organisations buying in bulk (hospitals, clinics, distributors), which hold business accounts.
  const buyer = { preHandler: deps.requireUser({ verified: true, accountTypes: ['business'] }) };
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const scoped = (request: { log: PaymentDeps['log'] }) => ({ ...deps, log: request.log });

  route(app, contracts.requestQuote, async (request) => ({
    quote: await requestQuote(scoped(request), currentUser(request), request.body),
  }), buyer);
  route(app, contracts.listQuotes, async (request) => listQuotes(deps, currentUser(request).id, request.query, 'buyer'), buyer);
  route(app, contracts.getQuote, async (request) => ({
    quote: await quoteView(deps, await findQuote(deps.db, currentUser(request).id, request.params.id), 'buyer'),
  }), buyer);
  route(app, contracts.acceptQuote, async (request, reply) => {
    const userId = currentUser(request).id;
    const outcome = await processPayment(scoped(request), userId, request.headers['idempotency-key'], request.body,
      quoteSource(deps.taxBasisPoints, userId, request.params.id, request.body.quantities));
    // Above a spending limit of the buyer's organisation: the quote's lines wait for an approver, nothing charged.
    if (!outcome.success) reply.status(202);
    return outcome;
  }, buyer);
  route(app, contracts.declineQuote, async (request) => ({
    quote: await declineQuote(deps, currentUser(request).id, request.params.id, request.body.reason),
  }), buyer);

  route(app, contracts.listStaffQuotes, async (request) => listQuotes(deps, null, request.query, 'staff'), staff);
  route(app, contracts.getStaffQuote, async (request) => ({
    quote: await quoteView(deps, await findQuote(deps.db, null, request.params.id), 'staff'),
  }), staff);
  const quote = (action: string) => ({
    ...staff,
    audit: audited<Contract>(deps.db, {
      action, entity: 'quote', id: (request) => (request.params as { id: string }).id, snapshot: rowOf(deps.db, quotes, quotes.id, String),
    }),
  });
  route(app, contracts.priceQuote, async (request) => ({ quote: await priceQuote(deps, request.params.id, request.body) }), quote('quote.price'));
  route(app, contracts.sendQuote, async (request) => ({ quote: await sendQuote(scoped(request), request.params.id) }), quote('quote.send'));
  route(app, contracts.withdrawQuote, async (request) => ({
    quote: await withdrawQuote(scoped(request), request.params.id, request.body.reason),
  }), quote('quote.withdraw'));
}
