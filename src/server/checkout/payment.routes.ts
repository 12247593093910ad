import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/payment';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { route } from '../lib/route.ts';
import { cartSource } from './cart-order-source.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { processPayment } from './payment-flow.service.ts';
import { paymentResult } from './payment-result.service.ts';

export function registerPaymentRoutes(app: FastifyInstance, deps: PaymentDeps & { requireUser: RequireUser }): void {
  const signedIn = { preHandler: deps.requireUser() };
  route(app, contracts.processPayment, async (request, reply) => {
    const userId = currentUser(request).id;
    const outcome = await processPayment({ ...deps, log: request.log }, userId, request.headers['idempotency-key'], request.body, cartSource(deps, userId, request.body.orderDetails));
    // Above a spending limit of the buyer's organisation: accepted as a request for approval, nothing charged.
    if (!outcome.success) reply.status(202);
    return outcome;
  }, signedIn);
  route(app, contracts.verifyPayment, async (request) =>
    paymentResult(deps.db, currentUser(request).id, request.params.transaction_id), signedIn);
}
