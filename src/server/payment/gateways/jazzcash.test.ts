import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidSignatureError, type GatewayMessage, type StartPayment } from './gateway.ts';
import { createJazzcashGateway } from './jazzcash.ts';

const SALT = 'z1x92f9y6e';

/**
 * JazzCash's recipe for pp_SecureHash, written out here apart from the shop's code: every pp field but the hash whose
 * value is not empty, sorted by name, the values joined with '&' after the integrity salt, HMAC-SHA256 keyed with the
 * salt, in upper-case hex.
 */
function documentedHash(fields: Record<string, string>, salt: string): string {
  const values = Object.keys(fields).filter((name) => name.startsWith('pp') && name !== 'pp_SecureHash' && fields[name] !== '')
    .sort().map((name) => fields[name]);
  return createHmac('sha256', salt).update([salt, ...values].join('&')).digest('hex').toUpperCase();
}

/** A card payment's return as JazzCash posts it to pp_ReturnURL, and its hash worked out once by the recipe. */
const RETURNED = {
  pp_Amount: '250050',
  pp_AuthCode: '123456',
  pp_BillReference: 'TXN-4N8ZC1R6W0PJ3HTB',
  pp_Language: 'EN',
  pp_MerchantID: 'MC12345',
  pp_ResponseCode: '000',
  pp_ResponseMessage: 'Thank you for Using JazzCash, your transaction was successful.',
  pp_RetreivalReferenceNo: '230512123456',
  pp_SubMerchantId: '',
  pp_TxnCurrency: 'PKR',
  pp_TxnDateTime: '20260512143000',
  pp_TxnRefNo: 'TXN-4N8ZC1R6W0PJ3HTB',
  pp_TxnType: 'MPAY',
  pp_Version: '1.1',
  ppmpf_1: '',
};
const RETURNED_HASH = '26B1A5AF01D5240DCB8E53BBEED9FBF79ADA0BCF65B54D2A063DFF2E63A70E31';

const gateway = createJazzcashGateway({
  merchantId: 'MC12345', password: 'pw-of-mc12345', integritySalt: SALT, baseUrl: 'https://sandbox.jazzcash.com.pk',
  fetch: () => Promise.reject(new Error('no request is expected')),
});
const message = (body: unknown): GatewayMessage => ({ method: 'POST', query: {}, headers: {}, body, rawBody: '' });
const signed = (fields: Record<string, string>) => ({ ...fields, pp_SecureHash: documentedHash(fields, SALT) });

const PAYMENT: StartPayment = {
  reference: 'TXN-4N8ZC1R6W0PJ3HTB',
  amountMinor: 250_050,
  currency: 'PKR',
  description: 'Order SS-7K2M9QXD: 3 instruments <Mayo scissors>',
  returnUrl: 'https://shop.example/api/payment/return/jazzcash',
  notifyUrl: 'https://shop.example/api/payment/notify/jazzcash',
  email: 'buyer@hospital.example',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('JazzCash pp_SecureHash', () => {
  it('is the documented recipe over the salt and the sorted non-empty values', () => {
    const text = 'z1x92f9y6e&250050&123456&TXN-4N8ZC1R6W0PJ3HTB&EN&MC12345&000&Thank you for Using JazzCash, your transaction was successful.'
      + '&230512123456&PKR&20260512143000&TXN-4N8ZC1R6W0PJ3HTB&MPAY&1.1';
    expect(createHmac('sha256', SALT).update(text).digest('hex').toUpperCase()).toBe(RETURNED_HASH);
    expect(documentedHash(RETURNED, SALT)).toBe(RETURNED_HASH);
  });

  it('accepts a return signed so, as a form or as the IPN\'s JSON, and reports what it says', () => {
    const expected = {
      reference: 'TXN-4N8ZC1R6W0PJ3HTB', outcome: 'succeeded', amountMinor: 250_050, currency: 'PKR', gatewayReference: 'MPAY:230512123456',
    };
    expect(gateway.readReturn(message({ ...RETURNED, pp_SecureHash: RETURNED_HASH }))).toEqual(expected);
    expect(gateway.readNotification(message({ ...RETURNED, pp_SecureHash: RETURNED_HASH.toLowerCase() }))).toEqual(expected);
  });

  it('refuses a return whose fields were changed after signing, or that carries no hash', () => {
    expect(() => gateway.readReturn(message({ ...RETURNED, pp_Amount: '250', pp_SecureHash: RETURNED_HASH }))).toThrow(InvalidSignatureError);
    expect(() => gateway.readNotification(message({ ...RETURNED, pp_ResponseCode: '000 ', pp_SecureHash: RETURNED_HASH }))).toThrow(InvalidSignatureError);
    expect(() => gateway.readReturn(message(RETURNED))).toThrow(InvalidSignatureError);
    // Signed with another merchant's salt.
    const other = { ...RETURNED, pp_SecureHash: documentedHash(RETURNED, 'another-salt') };
    expect(() => gateway.readReturn(message(other))).toThrow(InvalidSignatureError);
  });

  it('refuses fields signed with the salt that name another merchant', () => {
    expect(() => gateway.readReturn(message(signed({ ...RETURNED, pp_MerchantID: 'MC99999' })))).toThrow(InvalidSignatureError);
  });

  it('reads 157 and 124 as pending and any other code as failed, with JazzCash\'s message', () => {
    const read = (code: string, text: string) => gateway.readNotification(message(signed({ ...RETURNED, pp_ResponseCode: code, pp_ResponseMessage: text })));
    expect(read('157', 'Transaction is pending.')).toMatchObject({ outcome: 'pending', reason: 'Transaction is pending.' });
    expect(read('124', 'Order is placed and waiting for financials to be received over the counter.')).toMatchObject({ outcome: 'pending' });
    expect(read('004', 'Low balance')).toMatchObject({ outcome: 'failed', reason: 'Low balance', amountMinor: 250_050 });
    expect(read('112', 'Transaction Cancelled by User.')).toMatchObject({ outcome: 'failed' });
  });

  it('sends the buyer to the hosted page with the Page Redirection fields, signed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-12T09:30:00Z'));
    const outcome = await gateway.start(PAYMENT);
    const fields = {
      pp_Version: '1.1',
      pp_TxnType: '',
      pp_Language: 'EN',
      pp_MerchantID: 'MC12345',
      pp_Password: 'pw-of-mc12345',
      pp_TxnRefNo: 'TXN-4N8ZC1R6W0PJ3HTB',
      pp_Amount: '250050',
      pp_TxnCurrency: 'PKR',
      // Pakistan time, an hour to pay.
      pp_TxnDateTime: '20260512143000',
      pp_TxnExpiryDateTime: '20260512153000',
      pp_BillReference: 'TXN-4N8ZC1R6W0PJ3HTB',
      pp_Description: 'Order SS-7K2M9QXD 3 instruments Mayo scissors',
      pp_ReturnURL: 'https://shop.example/api/payment/return/jazzcash',
    };
    expect(outcome).toEqual({
      status: 'requires_action',
      nextAction: {
        type: 'redirect', method: 'POST', url: 'https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/',
        fields: { ...fields, pp_SecureHash: documentedHash(fields, SALT) },
      },
    });
  });

  it('takes PKR only', async () => {
    expect(await gateway.start({ ...PAYMENT, currency: 'USD' })).toEqual({ status: 'failed', reason: 'JazzCash takes payments in PKR only.' });
  });

  it('answers an applied IPN with 200 and its own signed fields, one it could not apply with 500', () => {
    expect(gateway.acknowledge(true)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        pp_ResponseCode: '000', pp_ResponseMessage: 'IPN received successfully',
        pp_SecureHash: 'F57B3887F18B122DD7B603CAB07F9CF70AA955B8D63039D2D80FB48EA8F18C72',
      }),
    });
    const refused = gateway.acknowledge(false);
    expect(refused.status).toBe(500);
    const body = JSON.parse(refused.body) as Record<string, string>;
    expect(body.pp_ResponseCode).not.toBe('000');
    expect(body.pp_SecureHash).toBe(documentedHash(body, SALT));
  });
});

describe('JazzCash API answers', () => {
  /** A JazzCash that answers every call with `answer`, or never when there is none. */
  const answering = (answer?: Record<string, string>) => createJazzcashGateway({
    merchantId: 'MC12345', password: 'pw-of-mc12345', integritySalt: SALT, baseUrl: 'https://sandbox.jazzcash.com.pk', timeoutMs: 100,
    fetch: (_url, init) => (answer ? Promise.resolve(Response.json(answer)) : new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    })),
  });
  const wallet = { ...PAYMENT, wallet: { mobile: '03001234567', cnic: '345678' } };
  const settled = { pp_TxnRefNo: PAYMENT.reference, pp_Amount: '250050', pp_ResponseCode: '000', pp_ResponseMessage: 'Done', pp_RetreivalReferenceNo: '230512123456' };

  it('settle a wallet payment only when signed with the salt and about it; otherwise it stays pending', async () => {
    expect(await answering(signed(settled)).start(wallet)).toEqual({ status: 'succeeded', gatewayReference: 'MWALLET:230512123456' });
    expect(await answering({ ...settled, pp_SecureHash: 'F00D' }).start(wallet)).toMatchObject({ status: 'pending' });
    expect(await answering(signed({ ...settled, pp_TxnRefNo: 'TXN-OTHER' })).start(wallet)).toMatchObject({ status: 'pending' });
  });

  it('leave a wallet payment pending when JazzCash does not answer in time', async () => {
    expect(await answering().start(wallet)).toEqual({ status: 'pending' });
  });

  it('of a status inquiry are believed only signed, about the payment asked after, with its amount', async () => {
    const inquiry = { pp_ResponseCode: '000', pp_TxnRefNo: PAYMENT.reference, pp_Amount: '250050', pp_PaymentResponseCode: '121', pp_Status: 'Completed' };
    expect(await answering(signed(inquiry)).status(PAYMENT.reference)).toMatchObject({ outcome: 'succeeded', amountMinor: 250_050 });
    await expect(answering(inquiry).status(PAYMENT.reference)).rejects.toThrow(InvalidSignatureError);
    await expect(answering(signed({ ...inquiry, pp_TxnRefNo: 'TXN-OTHER' })).status(PAYMENT.reference)).rejects.toThrow(InvalidSignatureError);
    await expect(answering(signed({ pp_ResponseCode: '101', pp_ResponseMessage: 'Invalid merchant credentials.' })).status(PAYMENT.reference))
      .rejects.toThrow(/101 Invalid merchant credentials/);
  });
});
