import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCardSandbox } from './card-sandbox.provider.ts';
import { createHblPaySandbox } from './hbl-pay-sandbox.provider.ts';
import { jazzcashSecureHash } from './integrity-hash.ts';

const SALT = 'test-integrity-salt';
const request = <D>(data: D) => ({
  transactionId: 'TXN-TEST0001', amountMinor: 11_114_657, currency: 'PKR' as const, description: 'Order SS-TEST', email: 'buyer@example.com', data,
});

describe('integrity hashes', () => {
  it('computes JazzCash\'s pp_SecureHash over the salt and the sorted non-empty pp_ values', () => {
    const fields = { pp_TxnRefNo: 'T1', pp_Amount: '100', pp_BankID: '', pp_SecureHash: 'ignored', other: 'x' };
    const expected = createHmac('sha256', SALT).update(`${SALT}&100&T1`).digest('hex').toUpperCase();
    expect(jazzcashSecureHash(fields, SALT)).toBe(expected);
  });
});

describe('card and HBL Pay sandboxes', () => {
  it('decline only the documented test credentials', async () => {
    const card = createCardSandbox();
    const details = { cardNumber: '4242424242424242', expiry: '12/39', cvv: '123', cardName: 'A Khan' };
    expect(await card.charge(request(details))).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^sandbox-typed:ch_/) });
    expect(await card.charge(request({ ...details, cardNumber: '4000000000000002' })))
      .toMatchObject({ status: 'failed', message: 'Payment declined: your card was declined.', reason: 'card_declined' });
    const bank = createHblPaySandbox();
    expect(await bank.charge(request({ accountNumber: '12345678901234', bankPin: '1234' }))).toMatchObject({ status: 'succeeded' });
    expect(await bank.charge(request({ accountNumber: '12345678901234', bankPin: '0000' })))
      .toMatchObject({ status: 'failed', message: 'Payment declined: insufficient funds in account.', reason: 'insufficient_funds' });
  });
});
