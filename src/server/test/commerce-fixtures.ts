import type { QueryObserver } from '../db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentMethod, ProcessPaymentBody } from '#contracts/payment';
import { buildApp, outboxWorkerOf, stockCommitsOf } from '../app.ts';
import { ensureCommerceDefaults } from '../checkout/commerce-defaults.ts';
import { loadConfig } from '../config.ts';
import type { PaymentProvider, PaymentProviders } from '../payment/providers/payment-provider.ts';
import type { RefundThroughGateway } from '../refunds/refund-gateway.ts';
import { TEST_JWT_SECRET, TEST_PUBLIC_URL, type TestApp } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';
import { createTestMailer } from './test-mailer.ts';

export interface CommerceTestApp extends TestApp {
  /** Calls that reached a gateway, per transaction id. */
  charges: Map<string, number>;
}

/** The sandbox gateways, counting every charge that reaches them. */
export function countingProviders(charges: Map<string, number>, base: PaymentProviders): PaymentProviders {
  const wrap = <M extends PaymentMethod>(provider: PaymentProvider<M>): PaymentProvider<M> => ({
    method: provider.method,
    charge: (request) => {
      charges.set(request.transactionId, (charges.get(request.transactionId) ?? 0) + 1);
      return provider.charge(request);
    },
  });
  return { jazzcash: wrap(base.jazzcash), easypaisa: wrap(base.easypaisa), hbl_pay: wrap(base.hbl_pay), credit_card: wrap(base.credit_card) };
}

/** The whole API with the exchange rate and demo promo codes in place, and its gateway calls counted. */
export async function createCommerceTestApp(options: {
  env?: Record<string, string>;
  logger?: FastifyBaseLogger;
  /** Gateways to use instead of the sandboxes. */
  providers?: Partial<PaymentProviders>;
  /** How refunds are asked of the gateways, instead of by hand. */
  refundThroughGateway?: RefundThroughGateway;
  /** Listening on this port of 127.0.0.1, its address the shop's: the sandbox's gateways talk to it over the network. */
  port?: number;
  /** With `port`: how the sandbox's adapters and simulators reach the shop; the network's fetch unless given. */
  sandboxFetch?: typeof fetch;
  /** Hears every statement the shop sends (statement budgets). */
  observer?: QueryObserver;
} = {}): Promise<CommerceTestApp> {
  const database = await createTestDatabase(undefined, options.observer);
  await ensureCommerceDefaults(database.db);
  const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', ...options.env }, 'test');
  const mailer = createTestMailer();
  const charges = new Map<string, number>();
  const app = await buildApp({
    config, database, mailer, jwtSecret: TEST_JWT_SECRET, logger: options.logger,
    ...(options.port ? { publicUrl: `http://127.0.0.1:${options.port}`, sandboxFetch: options.sandboxFetch ?? fetch } : { publicUrl: TEST_PUBLIC_URL }),
    paymentProviders: (sandboxes) => countingProviders(charges, { ...sandboxes, ...options.providers }),
    refundThroughGateway: options.refundThroughGateway, deliverMailBeforeAnswer: true,
  });
  await app.ready();
  if (options.port) await app.listen({ port: options.port, host: '127.0.0.1' });
  return {
    app, database, mailer, charges,
    drainMail: () => outboxWorkerOf(app).drain(),
    stockCommits: stockCommitsOf(app),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const testShippingAddress = {
  email: 'dr.ayesha@example.com',
  firstName: 'Ayesha',
  lastName: 'Khan',
  company: 'Mayo Hospital',
  address: '12 Hospital Road',
  city: 'Lahore',
  postalCode: '54000',
  country: 'PK',
  phone: '+92 300 1234567',
};

/**
 * The id of the Pakistan zone's Standard method: the only method migration 0039 seeds, so the first row of
 * shipping_methods in every new database (shipping-options.test.ts holds it to that).
 */
export const PAKISTAN_STANDARD_ID = 1;

export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', cardName: 'Ayesha Khan' };
export const TEST_WALLET = { mobile: '03001234567', cnic: '345678', pin: '4321' };
export const TEST_BANK = { accountNumber: '12345678901234', bankPin: '5678' };

/** A valid payment request for the amount shown; card payments in USD, the others in PKR. */
export function paymentBody(method: PaymentMethod, amount: number, overrides: Partial<ProcessPaymentBody> = {}): ProcessPaymentBody {
  const orderDetails = {
    items: [], shippingAddress: testShippingAddress, shippingOptionId: PAKISTAN_STANDARD_ID, orderType: 'individual' as const,
  };
  const base = { amount, orderDetails };
  switch (method) {
    case 'credit_card':
      return { ...base, paymentMethod: method, currency: 'USD', paymentData: TEST_CARD, ...overrides } as ProcessPaymentBody;
    case 'hbl_pay':
      return { ...base, paymentMethod: method, currency: 'PKR', paymentData: TEST_BANK, ...overrides } as ProcessPaymentBody;
    default:
      return { ...base, paymentMethod: method, currency: 'PKR', paymentData: TEST_WALLET, ...overrides } as ProcessPaymentBody;
  }
}
