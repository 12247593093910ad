import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { gatewayShop, type GatewayShop } from '../../test/gateway-shop.ts';
import type { GatewayId, PaymentGateway, StartPayment } from '../gateways/gateway.ts';
import { mountSandboxGateways } from './sandbox-gateways.ts';

let shop: GatewayShop;
let gateways: Record<GatewayId, PaymentGateway>;

beforeAll(async () => {
  const port = await freePort();
  shop = await gatewayShop(async (app) => {
    gateways = await mountSandboxGateways(app, {
      origin: `http://127.0.0.1:${port}`, fetch, jazzcashSalt: 'sandbox-jazzcash-salt', easypaisaHashKey: 'sandbox-ep-key16',
    });
  }, port);
});
afterAll(() => shop.close());

const payment = (currency: 'PKR' | 'USD'): StartPayment => ({
  reference: 'TXN-SANDBOX1', amountMinor: 99_900, currency, description: 'Order SS-0001',
  returnUrl: shop.returnUrl, notifyUrl: shop.notifyUrl, email: 'buyer@example.com',
});

describe('the gateways\' sandboxes', () => {
  it('send HBL Pay\'s buyer to the simulated HBL page on the shop', async () => {
    const outcome = await gateways.hbl_pay.start(payment('PKR'));
    expect(outcome).toMatchObject({ status: 'requires_action', nextAction: { url: expect.stringMatching(/\/sandbox\/hbl_pay\/HBLPay\/Site\/index\.html#\/checkout\?data=/) } });
  });

  it('send Safepay\'s buyer to the simulated checkout on the shop, which shows the payment', async () => {
    const outcome = await gateways.safepay.start(payment('USD'));
    if (outcome.status !== 'requires_action') throw new Error(`expected a redirect, got ${outcome.status}`);
    expect(outcome.nextAction.url.startsWith(`${shop.origin}/sandbox/safepay/checkout/pay?`)).toBe(true);
    expect(await (await fetch(outcome.nextAction.url)).text()).toContain('USD 999.00');
  });

  it('send JazzCash\'s and Easypaisa\'s buyers to their simulated hosted pages on the shop', async () => {
    for (const id of ['jazzcash', 'easypaisa'] as const) {
      const outcome = await gateways[id].start(payment('PKR'));
      expect(outcome).toMatchObject({ status: 'requires_action', nextAction: { method: 'POST', url: expect.stringContaining(`${shop.origin}/sandbox/${id}/`) } });
    }
  });
});
