import { createCipheriv, createDecipheriv } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidSignatureError, type GatewayMessage, type StartPayment } from './gateway.ts';
import { createEasypaisaGateway } from './easypaisa.ts';
import { checkoutAmount, merchantHashedReq } from './easypaisa-protocol.ts';

const KEY = 'ABCDEFGHIJKLMNOP';

/** The guide's recipe (section 5): AES/ECB/PKCS5Padding under the hash key, base64; written out apart from the shop's code. */
const encrypt = (text: string, key: string) => {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
};
const decrypt = (value: string, key: string) => {
  const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key), null);
  return Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]).toString('utf8');
};

const requests: string[] = [];
let answer: unknown = {};
const gateway = createEasypaisaGateway({
  storeId: '43512', hashKey: KEY, username: 'shop', password: 'pw', accountNum: '149731533', baseUrl: 'https://easypay.easypaisa.com.pk',
  fetch: async (url) => {
    requests.push(String(url));
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  },
});
const message = (query: Record<string, string>, body: unknown = {}): GatewayMessage => ({ method: 'GET', query, headers: {}, body, rawBody: '' });

const PAYMENT: StartPayment = {
  reference: 'TXN-4N8ZC1R6W0PJ3HTB',
  amountMinor: 250_050,
  currency: 'PKR',
  description: 'Order SS-7K2M9QXD',
  returnUrl: 'https://shop.example/api/payment/return/easypaisa',
  notifyUrl: 'https://shop.example/api/payment/notify/easypaisa',
  email: 'buyer@hospital.example',
};

afterEach(() => {
  vi.useRealTimers();
  requests.length = 0;
});

describe('Easypaisa merchantHashedReq', () => {
  it('encrypts the guide\'s own example as the guide\'s recipe does', () => {
    const guideExample = {
      amount: '10.0', storeId: '28', autoRedirect: '0', orderRefNum: '11001', expiryDate: '20150101 151515',
      postBackURL: 'http://localhost:9081/local/status.php',
    };
    const text = 'amount=10.0&autoRedirect=0&expiryDate=20150101 151515&orderRefNum=11001&postBackURL=http://localhost:9081/local/status.php&storeId=28';
    const expected = 'KF1v5+zEuWD4gjNV6Jog6cIUkKEcdfsMvLlJRDIo9ZHrx/W1M/ng14TNKaANwq1M34E5H/buXo099WZx6oCBZXLILwPY2/lrg9Fch+Rc8cBhV6Djh5zhV3FA'
      + '+nx5E4AAuTVzSy6itH1zmMnfyHn40nd6TnkEMsiJBAWe/R5V2QhqgIvmZWCH+kY0+HUqaDGv';
    expect(encrypt(text, KEY)).toBe(expected);
    expect(merchantHashedReq(guideExample, KEY)).toBe(expected);
  });

  it('sends the buyer to Easypay\'s checkout with the plug-in fields and the request encrypted under the hash key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-12T09:30:00Z'));
    const outcome = await gateway.start(PAYMENT);
    expect(outcome).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', method: 'POST', url: 'https://easypay.easypaisa.com.pk/easypay/Index.jsf' } });
    const { fields } = (outcome as Extract<typeof outcome, { status: 'requires_action' }>).nextAction;
    const text = 'amount=2500.5&autoRedirect=1&emailAddr=buyer@hospital.example&expiryDate=20260512 153000&orderRefNum=TXN-4N8ZC1R6W0PJ3HTB'
      + '&postBackURL=https://shop.example/api/payment/return/easypaisa&storeId=43512';
    expect(fields).toEqual({
      amount: '2500.5', autoRedirect: '1', emailAddr: 'buyer@hospital.example', expiryDate: '20260512 153000', orderRefNum: 'TXN-4N8ZC1R6W0PJ3HTB',
      postBackURL: 'https://shop.example/api/payment/return/easypaisa', storeId: '43512', merchantHashedReq: encrypt(text, KEY),
    });
    expect(decrypt(fields.merchantHashedReq, KEY)).toBe(text);
    expect(requests).toEqual([]);
  });

  it('writes amounts with one decimal, keeping paisa one decimal cannot hold', () => {
    expect([checkoutAmount(1000), checkoutAmount(125_050), checkoutAmount(125_055), checkoutAmount(5)]).toEqual(['10.0', '1250.5', '1250.55', '0.05']);
  });

  it('refuses a hash key AES cannot use, and takes PKR only', async () => {
    expect(() => createEasypaisaGateway({
      storeId: '1', hashKey: 'short-key', username: 'u', password: 'p', accountNum: '1', baseUrl: 'https://easypay.easypaisa.com.pk',
    })).toThrow(/16, 24 or 32 bytes/);
    expect(await gateway.start({ ...PAYMENT, currency: 'USD' })).toEqual({ status: 'failed', reason: 'Easypaisa takes payments in PKR only.' });
  });
});

describe('Easypaisa return', () => {
  it('sends the auth_token back to Easypay\'s Confirm.jsf with the return URL, as the guide\'s second redirection', () => {
    expect(gateway.returnAction?.(message({ auth_token: 'a1b2' }), PAYMENT.returnUrl)).toEqual({
      type: 'redirect', method: 'POST', url: 'https://easypay.easypaisa.com.pk/easypay/Confirm.jsf',
      fields: { auth_token: 'a1b2', postBackURL: PAYMENT.returnUrl },
    });
    expect(gateway.returnAction?.(message({ status: 'Success', desc: '0000', orderRefNumber: 'TXN-1' }), PAYMENT.returnUrl)).toBeNull();
  });

  it('reads the final, unsigned status as pending: the IPN or the inquiry says what was paid', () => {
    expect(gateway.readReturn(message({ status: 'Success', desc: '0000', orderRefNumber: 'TXN-1' }))).toMatchObject({
      reference: 'TXN-1', outcome: 'pending', currency: 'PKR',
    });
    expect(() => gateway.readReturn(message({ status: 'Success' }))).toThrow(InvalidSignatureError);
  });
});

describe('Easypaisa IPN', () => {
  const ipnUrl = 'https://easypay.easypaisa.com.pk/easypay-service/rest/v1/order-status/149731533/TXN-1';

  it('is read from the order-status URL it names on Easypay\'s host, for this merchant\'s account', async () => {
    answer = { order_id: 'TXN-1', store_id: '43512', transaction_status: 'PAID', transaction_amount: '2500.50', transaction_id: '24681357' };
    const content = await gateway.fetchNotification!(message({ url: ipnUrl }));
    expect(requests).toEqual([ipnUrl]);
    expect(gateway.readNotification(content)).toEqual({
      reference: 'TXN-1', outcome: 'succeeded', amountMinor: 250_050, currency: 'PKR', gatewayReference: '24681357',
    });
    answer = { order_id: 'TXN-1', transaction_status: 'FAILED', transaction_amount: 2500.5 };
    expect(gateway.readNotification(await gateway.fetchNotification!(message({ url: ipnUrl })))).toMatchObject({ outcome: 'failed', amountMinor: 250_050 });
  });

  it('refuses a URL elsewhere, over http, or of another account, without fetching it', async () => {
    for (const url of [
      'https://easypay.example.net/easypay-service/rest/v1/order-status/149731533/TXN-1',
      'http://easypay.easypaisa.com.pk/easypay-service/rest/v1/order-status/149731533/TXN-1',
      'https://easypay.easypaisa.com.pk/easypay-service/rest/v1/order-status/999/TXN-1',
      'https://easypay.easypaisa.com.pk/easypay-service/rest/v1/other/149731533/TXN-1',
      'not a url',
    ]) {
      await expect(gateway.fetchNotification!(message({ url }))).rejects.toThrow(InvalidSignatureError);
    }
    expect(requests).toEqual([]);
  });

  it('refuses content posted to the shop instead of fetched from Easypay', () => {
    const posted = message({}, { order_id: 'TXN-1', transaction_status: 'PAID', transaction_amount: '2500.50' });
    expect(() => gateway.readNotification(posted)).toThrow(InvalidSignatureError);
  });

  it('answers 2xx only for an IPN that was applied', () => {
    expect(gateway.acknowledge(true).status).toBe(200);
    expect(gateway.acknowledge(false).status).toBe(500);
  });
});

describe('Easypaisa refunds', () => {
  it('are manual: Easypay documents no refund API', async () => {
    expect(await gateway.refund({
      reference: 'TXN-1', gatewayReference: '24681357', refundReference: 'RF-1', amountMinor: 100, currency: 'PKR', reason: 'returned',
    })).toEqual({ status: 'manual' });
    expect(requests).toEqual([]);
  });
});

describe('Easypaisa API answers', () => {
  const answering = (body: Record<string, unknown>) => createEasypaisaGateway({
    storeId: '43512', hashKey: KEY, username: 'shop', password: 'pw', accountNum: '149731533', baseUrl: 'https://easypay.easypaisa.com.pk',
    fetch: async () => Response.json(body),
  });
  const wallet = { ...PAYMENT, wallet: { mobile: '03001234567' } };

  it('settle a mobile-account payment only when about it', async () => {
    const paid = { orderId: PAYMENT.reference, responseCode: '0000', responseDesc: 'SUCCESS', transactionId: '21154867845' };
    expect(await answering(paid).start(wallet)).toEqual({ status: 'succeeded', gatewayReference: '21154867845' });
    expect(await answering({ ...paid, orderId: 'TXN-OTHER' }).start(wallet)).toEqual({ status: 'pending' });
  });

  it('of an inquiry are believed only about the order asked after, of this store, with an amount', async () => {
    const paid = { responseCode: '0000', orderId: PAYMENT.reference, storeId: 43512, transactionStatus: 'PAID', transactionAmount: 2500.5, transactionId: '1' };
    expect(await answering(paid).status(PAYMENT.reference)).toMatchObject({ outcome: 'succeeded', amountMinor: 250_050 });
    await expect(answering({ ...paid, storeId: 99 }).status(PAYMENT.reference)).rejects.toThrow(/not about/);
    await expect(answering({ ...paid, orderId: 'TXN-OTHER' }).status(PAYMENT.reference)).rejects.toThrow(/not about/);
    await expect(answering({ ...paid, transactionAmount: 'about 2500' }).status(PAYMENT.reference)).rejects.toThrow(/no amount/);
  });
});
