import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCardSandbox } from './card-sandbox.provider.ts';
import { createEasypaisaProvider } from './easypaisa.provider.ts';
import { createEasypaisaSandbox } from './easypaisa-sandbox.ts';
import { createHblPaySandbox } from './hbl-pay-sandbox.provider.ts';
import { easypaisaSignature, jazzcashSecureHash, type GatewayFields } from './integrity-hash.ts';
import { createJazzcashProvider, type GatewayTransport } from './jazzcash.provider.ts';
import { createJazzcashSandbox } from './jazzcash-sandbox.ts';

const SALT = 'test-integrity-salt';
const request = <D>(data: D) => ({ transactionId: 'TXN-TEST0001', amountMinor: 11_114_657, currency: 'PKR' as const, description: 'Order SS-TEST', data });
const wallet = { mobile: '03001234567', pin: '4321' };

/** A transport that records what went over the wire and may rewrite it on the way. */
function tap(inner: GatewayTransport, rewrite: { request?: (f: GatewayFields) => GatewayFields; answer?: (f: GatewayFields) => GatewayFields } = {}) {
  const seen: { request?: GatewayFields; answer?: GatewayFields } = {};
  const transport: GatewayTransport = async (fields) => {
    seen.request = rewrite.request ? rewrite.request(fields) : fields;
    seen.answer = await inner(seen.request);
    return rewrite.answer ? rewrite.answer(seen.answer) : seen.answer;
  };
  return { transport, seen };
}

describe('integrity hashes', () => {
  it('computes JazzCash\'s pp_SecureHash over the salt and the sorted non-empty pp_ values', () => {
    const fields = { pp_TxnRefNo: 'T1', pp_Amount: '100', pp_BankID: '', pp_SecureHash: 'ignored', other: 'x' };
    const expected = createHmac('sha256', SALT).update(`${SALT}&100&T1`).digest('hex').toUpperCase();
    expect(jazzcashSecureHash(fields, SALT)).toBe(expected);
  });

  it('computes Easypaisa\'s signature over the sorted key=value pairs', () => {
    const fields = { storeId: '1', orderId: 'T1', amount: '10.00', signature: 'ignored' };
    const expected = createHmac('sha256', SALT).update('amount=10.00&orderId=T1&storeId=1').digest('base64');
    expect(easypaisaSignature(fields, SALT)).toBe(expected);
  });
});

describe('JazzCash', () => {
  const provider = (transport: GatewayTransport, salt = SALT) =>
    createJazzcashProvider({ merchantId: 'MC1', password: 'pw', integritySalt: salt, transport });

  it('sends a signed request and accepts the sandbox\'s signed answer', async () => {
    const { transport, seen } = tap(createJazzcashSandbox(SALT));
    const result = await provider(transport).charge(request(wallet));
    expect(result).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^\d{9}$/) });
    expect(seen.request).toMatchObject({ pp_TxnType: 'MWALLET', pp_Amount: '11114657', pp_TxnRefNo: 'TXN-TEST0001', pp_MobileNumber: '03001234567' });
    expect(seen.request!.pp_SecureHash).toBe(jazzcashSecureHash(seen.request!, SALT));
    expect(seen.answer!.pp_SecureHash).toMatch(/^[0-9A-F]{64}$/);
  });

  it('is refused by the gateway when the request was altered after signing, or signed with another salt', async () => {
    const altered = tap(createJazzcashSandbox(SALT), { request: (f) => ({ ...f, pp_Amount: '1' }) });
    expect(await provider(altered.transport).charge(request(wallet))).toMatchObject({ status: 'failed' });
    expect(altered.seen.answer!.pp_ResponseCode).toBe('110');
    expect(await provider(createJazzcashSandbox(SALT), 'another-salt').charge(request(wallet))).toMatchObject({ status: 'failed' });
  });

  it('does not trust an answer whose hash does not match', async () => {
    const forged = tap(createJazzcashSandbox(SALT), {
      request: (f) => f,
      answer: (a) => ({ ...a, pp_ResponseCode: '000', pp_ResponseMessage: 'ok' }),
    });
    const declined = await provider(forged.transport).charge(request({ ...wallet, pin: '0000' }));
    expect(declined).toEqual({ status: 'failed', reference: '', message: 'Payment could not be verified with JazzCash.', reason: 'not_verified' });
  });

  it('declines the documented test credentials', async () => {
    expect(await provider(createJazzcashSandbox(SALT)).charge(request({ ...wallet, pin: '0000' })))
      .toMatchObject({ status: 'failed', message: 'Payment declined: insufficient funds in wallet.', reason: 'insufficient_funds' });
    expect(await provider(createJazzcashSandbox(SALT)).charge(request({ ...wallet, mobile: '03000000000' })))
      .toMatchObject({ status: 'failed', message: 'Payment declined: the wallet account is blocked.', reason: 'account_blocked' });
  });
});

describe('Easypaisa', () => {
  const provider = (transport: GatewayTransport) => createEasypaisaProvider({ storeId: 'S1', hashKey: SALT, transport });

  it('signs its request, and verifies the signed answer', async () => {
    const { transport, seen } = tap(createEasypaisaSandbox(SALT));
    expect(await provider(transport).charge(request(wallet))).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^\d{8}$/) });
    expect(seen.request).toMatchObject({ transactionAmount: '111146.57', orderId: 'TXN-TEST0001', transactionType: 'MA' });
    expect(seen.request!.signature).toBe(easypaisaSignature(seen.request!, SALT));
  });

  it('is refused when the request was altered, and distrusts a forged answer', async () => {
    const altered = tap(createEasypaisaSandbox(SALT), { request: (f) => ({ ...f, transactionAmount: '1.00' }) });
    expect(await provider(altered.transport).charge(request(wallet))).toMatchObject({ status: 'failed' });
    expect(altered.seen.answer!.responseCode).toBe('0011');
    const forged = tap(createEasypaisaSandbox(SALT), { answer: (a) => ({ ...a, responseCode: '0000' }) });
    expect(await provider(forged.transport).charge(request({ ...wallet, pin: '0000' })))
      .toEqual({ status: 'failed', reference: '', message: 'Payment could not be verified with Easypaisa.', reason: 'not_verified' });
  });
});

describe('card and HBL Pay sandboxes', () => {
  it('decline only the documented test credentials', async () => {
    const card = createCardSandbox();
    const details = { cardNumber: '4242424242424242', expiry: '12/39', cvv: '123', cardName: 'A Khan' };
    expect(await card.charge(request(details))).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^ch_/) });
    expect(await card.charge(request({ ...details, cardNumber: '4000000000000002' })))
      .toMatchObject({ status: 'failed', message: 'Payment declined: your card was declined.', reason: 'card_declined' });
    const bank = createHblPaySandbox();
    expect(await bank.charge(request({ accountNumber: '12345678901234', bankPin: '1234' }))).toMatchObject({ status: 'succeeded' });
    expect(await bank.charge(request({ accountNumber: '12345678901234', bankPin: '0000' })))
      .toMatchObject({ status: 'failed', message: 'Payment declined: insufficient funds in account.', reason: 'insufficient_funds' });
  });
});
