import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { gatewayShop, type GatewayShop } from '../../test/gateway-shop.ts';
import type { PaymentGateway, StartPayment } from '../gateways/gateway.ts';
import { mountCardGatewaySandboxes } from './card-gateway-sandboxes.ts';

let shop: GatewayShop;
let gateways: Record<'hbl_pay' | 'safepay', PaymentGateway>;

beforeAll(async () => {
  const port = await freePort();
  shop = await gatewayShop(async (app) => {
    gateways = await mountCardGatewaySandboxes(app, { origin: `http://127.0.0.1:${port}` });
  }, port);
});
afterAll(() => shop.close());

const payment = (currency: 'PKR' | 'USD'): StartPayment => ({
  reference: 'TXN-SANDBOX1', amountMinor: 99_900, currency, description: 'Order SS-0001',
  returnUrl: shop.returnUrl, notifyUrl: shop.notifyUrl, email: 'buyer@example.com',
});

describe('the card gateways\' sandboxes', () => {
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
});
