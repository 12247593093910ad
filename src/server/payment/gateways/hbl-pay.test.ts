import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidSignatureError, type GatewayMessage, type StartPayment } from './gateway.ts';
import { createHblPayGateway } from './hbl-pay.ts';

// HBL's keys are RSA-4096 (guide v1.1, step 1): the merchant's here, so answers travel in 512-byte blocks.
const merchant = generateKeyPairSync('rsa', { modulusLength: 4096 });
const hbl = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject) => key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();

const BASE = 'https://testpaymentapi.hbl.example/HBLPay';
const payment: StartPayment = {
  reference: 'TXN-HBL0001', amountMinor: 123_450, currency: 'PKR', description: 'Order SS-0001',
  returnUrl: 'https://shop.example/api/payment/return/hbl_pay', notifyUrl: 'https://shop.example/api/payment/notify/hbl_pay',
  email: 'buyer@example.com',
};

function gateway(fetch?: typeof globalThis.fetch) {
  return createHblPayGateway({
    userId: 'teststore', password: 'hbl@1234', channel: 'SHOP_WEB',
    merchantPrivateKeyPem: pem(merchant.privateKey), hblPublicKeyPem: pem(hbl.publicKey), baseUrl: BASE, fetch,
  });
}

/** HBL's answer as the guide describes it: the fields, PKCS#1 v1.5-encrypted with the merchant's public key, base64. */
function answer(plain: string, key: KeyObject = merchant.publicKey): string {
  const bytes = Buffer.from(plain, 'utf8');
  const blocks = [];
  for (let at = 0; at < bytes.length; at += 501) {
    blocks.push(publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, bytes.subarray(at, at + 501)));
  }
  return Buffer.concat(blocks).toString('base64');
}

const returned = (data: string): GatewayMessage => ({ method: 'GET', query: { data }, headers: {}, body: undefined, rawBody: '' });
const PAID = 'RESPONSE_CODE=100&RESPONSE_MESSAGE=Dear+Customer%2C+Thank+you+for+your+payment&ORDER_REF_NUMBER=TXN-HBL0001&PAYMENT_TYPE=CARD&AMOUNT=1234.50';

/** One value of the order JSON, decrypted raw with HBL's key: it must be a PKCS#1 v1.5 block (00 02 padding 00 text). */
function hblDecrypts(value: string): string {
  const block = privateDecrypt({ key: hbl.privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(value, 'base64'));
  expect([block[0], block[1]]).toEqual([0, 2]);
  return block.subarray(block.indexOf(0, 2) + 1).toString('utf8');
}

describe('HBL Pay answers', () => {
  it('accepts an answer encrypted with the merchant\'s public key and reads its outcome', () => {
    expect(gateway().readReturn(returned(answer(PAID)))).toEqual({
      reference: 'TXN-HBL0001', outcome: 'succeeded', amountMinor: 123_450, currency: 'PKR',
    });
  });

  it('reads the answer when the query string turned the base64\'s + into spaces', () => {
    let data = answer(PAID);
    while (!data.includes('+')) data = answer(PAID);
    expect(gateway().readReturn(returned(data.replace(/\+/g, ' '))).outcome).toBe('succeeded');
  });

  it('reads an answer longer than one block', () => {
    const long = `${PAID}&RESPONSE_DETAIL=${'x'.repeat(700)}`;
    expect(Buffer.from(answer(long), 'base64')).toHaveLength(1024);
    expect(gateway().readReturn(returned(answer(long))).amountMinor).toBe(123_450);
  });

  it('refuses an answer with a changed byte, one for another key, one without data and one without its amount', () => {
    const changed = Buffer.from(answer(PAID), 'base64');
    changed[100] ^= 0x01;
    const refused = [
      returned(changed.toString('base64')),
      returned(answer(PAID, hbl.publicKey)),
      returned(answer(PAID.replace('&AMOUNT=1234.50', ''))),
      { ...returned(''), query: {} },
    ];
    for (const message of refused) expect(() => gateway().readReturn(message)).toThrow(InvalidSignatureError);
  });

  it('tells a decline, a cancel and a payment under review from a payment', () => {
    const read = (code: string) => gateway().readReturn(returned(answer(PAID.replace('RESPONSE_CODE=100', `RESPONSE_CODE=${code}`))));
    expect(read('230')).toMatchObject({ outcome: 'failed', reason: 'Dear Customer, Thank you for your payment' });
    expect(read('112')).toMatchObject({ outcome: 'failed', reason: 'The payment was cancelled on HBL Pay.' });
    expect(read('481')).toMatchObject({ outcome: 'pending' });
    expect(read('0')).toMatchObject({ outcome: 'succeeded' });
  });

  it('reads a notification posted as a form the same way', () => {
    const data = answer(PAID);
    const report = gateway().readNotification({ method: 'POST', query: {}, headers: {}, body: { data }, rawBody: `data=${encodeURIComponent(data)}` });
    expect(report).toMatchObject({ reference: 'TXN-HBL0001', outcome: 'succeeded' });
  });
});

describe('HBL Pay checkout', () => {
  it('posts the order JSON with every value but USER_ID encrypted for HBL, and redirects to the session\'s page', async () => {
    const sent: { url: string; body: Record<string, never> }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return Response.json({ IsSuccess: true, ResponseCode: 0, ResponseMessage: 'Success', Data: { SESSION_ID: 'S-42' } });
    }) as typeof globalThis.fetch;
    const outcome = await gateway(fetch).start(payment);

    expect(sent[0].url).toBe(`${BASE}/api/checkout`);
    const order = sent[0].body as Record<string, Record<string, string> & { OrderSummaryDescription: Record<string, string>[] }> & Record<string, string>;
    expect(order.USER_ID).toBe('teststore');
    expect(hblDecrypts(order.PASSWORD)).toBe('hbl@1234');
    expect(hblDecrypts(order.CHANNEL)).toBe('SHOP_WEB');
    expect(hblDecrypts(order.RETURN_URL)).toBe(payment.returnUrl);
    expect(hblDecrypts(order.ORDER.SUBTOTAL)).toBe('1234.50');
    expect(hblDecrypts(order.ORDER.OrderSummaryDescription[0].ITEM_NAME)).toBe('Order SS-0001');
    expect(hblDecrypts(order.ADDITIONAL_DATA.REFERENCE_NUMBER)).toBe('TXN-HBL0001');
    expect(hblDecrypts(order.ADDITIONAL_DATA.CURRENCY)).toBe('PKR');
    expect(outcome).toEqual({
      status: 'requires_action',
      gatewayReference: 'S-42',
      nextAction: { type: 'redirect', method: 'GET', fields: {}, url: `${BASE}/Site/index.html#/checkout?data=${encodeURIComponent(Buffer.from('S-42').toString('base64'))}` },
    });
  });

  it('fails when HBL refuses the order, and takes nothing but PKR', async () => {
    const refusing = (async () => Response.json({ IsSuccess: false, ResponseCode: 2, ResponseMessage: 'INVALID USERNAME OR PASSWORD', Data: null })) as unknown as typeof fetch;
    expect(await gateway(refusing).start(payment)).toEqual({ status: 'failed', reason: 'INVALID USERNAME OR PASSWORD' });
    const never = (async () => { throw new Error('no request expected'); }) as typeof fetch;
    expect(await gateway(never).start({ ...payment, currency: 'USD' })).toMatchObject({ status: 'failed' });
  });

  it('has no documented inquiry or refund: status is unknown and refunds are manual', async () => {
    expect(await gateway().status('TXN-HBL0001')).toEqual({ reference: 'TXN-HBL0001', outcome: 'unknown' });
    expect(await gateway().refund({ reference: 'TXN-HBL0001', gatewayReference: 'S-42', refundReference: 'R-1', amountMinor: 100, currency: 'PKR', reason: 'damaged' }))
      .toEqual({ status: 'manual' });
  });
});
