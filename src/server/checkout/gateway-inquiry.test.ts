import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayId, PaymentGateway } from '../payment/gateways/gateway.ts';
import { mountSandboxGateways } from '../payment/sandbox/sandbox-gateways.ts';
import { freePort } from '../test/free-port.ts';
import { gatewayShop, type GatewayShop } from '../test/gateway-shop.ts';
import { postForm } from '../test/gateway-simulator-kit.ts';
import { gatewayInquiry } from './gateway-inquiry.ts';

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

describe('the sweeper\'s inquiry', () => {
  it('takes a payment the gateway has no record of as never charged, and one approved on the phone as paid', async () => {
    const inquire = gatewayInquiry(gateways);
    expect(await inquire('jazzcash', 'TXN-NEVERSENT1')).toBe('failed');

    const started = await gateways.jazzcash.start({
      reference: 'TXN-INQUIRY01', amountMinor: 250_000, currency: 'PKR', description: 'Order SS-1', email: 'a@example.com',
      returnUrl: shop.returnUrl, notifyUrl: shop.notifyUrl, wallet: { mobile: '03001234567', cnic: '345678' },
    });
    expect(started.status).toBe('pending');
    expect(await inquire('jazzcash', 'TXN-INQUIRY01')).toBe('pending');
    await postForm(`${shop.origin}/sandbox/jazzcash/wallet/TXN-INQUIRY01`, { decision: 'approve', pin: '1234' });
    expect(await inquire('jazzcash', 'TXN-INQUIRY01')).toBe('succeeded');
  });

  it('cannot speak for HBL Pay, which documents no inquiry: its orders wait for staff', async () => {
    expect(await gatewayInquiry(gateways)('hbl_pay', 'TXN-ANY')).toBe('unknown');
  });
});
