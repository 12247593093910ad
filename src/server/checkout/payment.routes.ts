import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/payment';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { CHECKOUT_IN_PUNCHOUT } from '#contracts/punchout';
import { route } from '../lib/route.ts';
import { refuseInPunchout } from '../punchout/punchout-session.service.ts';
import { cartSource } from './cart-order-source.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { processPayment } from './payment-flow.service.ts';
import { paymentResult } from './payment-result.service.ts';

export function registerPaymentRoutes(app: FastifyInstance, deps: PaymentDeps & { requireUser: RequireUser }): void {
  const signedIn = { preHandler: deps.requireUser() };
  route(app, contracts.processPayment, async (request, reply) => {
    const userId = currentUser(request).id;
    // A punchout's cart goes back to the procurement system, which sends the order: it is not paid for here.
    await refuseInPunchout(deps.db, request, CHECKOUT_IN_PUNCHOUT);
    const outcome = await processPayment({ ...deps, log: request.log }, userId, request.headers['idempotency-key'], request.body, cartSource(deps, userId, request.body.orderDetails));
    // Above a spending limit of the buyer's organisation: accepted as a request for approval, nothing charged.
    if (!outcome.success) reply.status(202);
    return outcome;
  }, signedIn);
  route(app, contracts.verifyPayment, async (request) =>
    paymentResult(deps.db, currentUser(request).id, request.params.transaction_id), signedIn);
}
