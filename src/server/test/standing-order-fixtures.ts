import pino from 'pino';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { settleOrderSources } from '../order-sources.ts';
import { organisationPurchasing } from '../organisation-purchasing/organisation-purchasing-policy.ts';
import type { PaymentProviders } from '../payment/providers/payment-provider.ts';
import { refundByHand } from '../refunds/refund-gateway.ts';
import type { TestApp } from './test-app.ts';

/** What the standing-orders job places with, as the app wires it: runs are on invoice terms, so no gateway is reached. */
export function standingOrderDeps(t: Pick<TestApp, 'database' | 'mailer'>, publicUrl: string): PaymentDeps {
  return {
    db: t.database.db, mailer: t.mailer, publicUrl, log: pino({ level: 'silent' }), taxBasisPoints: 0,
    purchasing: organisationPurchasing({ publicUrl }), settleSource: settleOrderSources,
    providers: {} as PaymentProviders, refundThroughGateway: refundByHand,
  };
}

/** Noon in the shop on `day` (YYYY-MM-DD): the job's clock on a run date. */
export const shopNoon = (day: string) => new Date(`${day}T07:00:00Z`);
