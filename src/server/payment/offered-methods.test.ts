import { describe, expect, it } from 'vitest';
import { offeredMethods } from './offered-methods.ts';

describe('offered methods', () => {
  it('lists a method per gateway in the gateways\' order, then Pay by invoice and cash on delivery, typed details only in sandbox mode', () => {
    const all = { safepay: 1, hbl_pay: 1, easypaisa: 1, jazzcash: 1 };
    expect(offeredMethods('sandbox', all)).toEqual([
      { id: 'jazzcash', label: 'JazzCash', currencies: ['PKR'], direct: true },
      { id: 'easypaisa', label: 'Easypaisa', currencies: ['PKR'], direct: true },
      { id: 'hbl_pay', label: 'HBL Pay', currencies: ['PKR'], direct: true },
      { id: 'credit_card', label: 'Credit or debit card', currencies: ['PKR', 'USD'], direct: true },
      { id: 'invoice', label: 'Pay by invoice', currencies: ['PKR', 'USD'], direct: false },
      { id: 'cash_on_delivery', label: 'Cash on delivery', currencies: ['PKR'], direct: false },
    ]);
    expect(offeredMethods('live', all).map(({ id, direct }) => [id, direct])).toEqual([
      ['jazzcash', false], ['easypaisa', false], ['hbl_pay', false], ['credit_card', false], ['invoice', false], ['cash_on_delivery', false],
    ]);
  });

  it('leaves out the gateways not given: Safepay is the card payment', () => {
    expect(offeredMethods('live', { safepay: 1, easypaisa: undefined }).map((method) => method.id)).toEqual(['credit_card', 'invoice', 'cash_on_delivery']);
    expect(offeredMethods('live', {}).map((method) => method.id)).toEqual(['invoice', 'cash_on_delivery']);
  });
});
