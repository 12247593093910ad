import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp | undefined;
afterEach(() => t?.close());

const methodsOf = async (env: Record<string, string>) => {
  t = await createTestApp({ env });
  const answer = await t.app.inject({ method: 'GET', url: '/api/payment/methods/' });
  expect(answer.statusCode).toBe(200);
  return answer.json();
};

describe('GET /api/payment/methods/', () => {
  it('offers every gateway\'s simulator in sandbox mode, details typed at checkout, to anyone', async () => {
    expect(await methodsOf({})).toEqual({
      mode: 'sandbox',
      methods: [
        { id: 'jazzcash', label: 'JazzCash', currencies: ['PKR'], direct: true },
        { id: 'easypaisa', label: 'Easypaisa', currencies: ['PKR'], direct: true },
        { id: 'hbl_pay', label: 'HBL Pay', currencies: ['PKR'], direct: true },
        { id: 'credit_card', label: 'Credit or debit card', currencies: ['PKR', 'USD'], direct: true },
        { id: 'invoice', label: 'Pay by invoice', currencies: ['PKR', 'USD'], direct: false },
        { id: 'cash_on_delivery', label: 'Cash on delivery', currencies: ['PKR'], direct: false },
      ],
    });
  });

  it('offers only the configured gateways in live mode, and Pay by invoice and cash on delivery when there is none', async () => {
    expect(await methodsOf({ PAYMENT_MODE: 'live' })).toEqual({
      mode: 'live', methods: [
        { id: 'invoice', label: 'Pay by invoice', currencies: ['PKR', 'USD'], direct: false },
        { id: 'cash_on_delivery', label: 'Cash on delivery', currencies: ['PKR'], direct: false },
      ],
    });
    await t!.close();
    const safepay = { SAFEPAY_API_KEY: 'sec_key', SAFEPAY_SECRET_KEY: 'secret', SAFEPAY_WEBHOOK_SECRET: 'hook', SAFEPAY_URL: 'https://api.getsafepay.com' };
    const { methods } = await methodsOf({ PAYMENT_MODE: 'live', ...safepay });
    expect(methods.map(({ id, direct }: { id: string; direct: boolean }) => [id, direct])).toEqual([['credit_card', false], ['invoice', false], ['cash_on_delivery', false]]);
  });
});
