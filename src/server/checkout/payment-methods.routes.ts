import type { FastifyInstance } from 'fastify';
import { paymentMethods } from '#contracts/payment';
import { route } from '../lib/route.ts';
import type { GatewayId } from '../payment/gateways/gateway.ts';
import { offeredMethods } from '../payment/offered-methods.ts';

/** What checkout offers, public: the same for everyone while the shop runs (who may pay by invoice is checked at payment). */
export function registerPaymentMethodRoutes(
  app: FastifyInstance,
  { mode, gateways }: { mode: 'sandbox' | 'live'; gateways: Partial<Record<GatewayId, unknown>> },
): void {
  const methods = offeredMethods(mode, gateways);
  // The gateways' names only: what an operator checks after setting their credentials.
  if (mode === 'live') app.log.info({ methods: methods.map((method) => method.id) }, 'live payments: checkout offers these methods');
  route(app, paymentMethods, async () => ({ mode, methods }));
}
