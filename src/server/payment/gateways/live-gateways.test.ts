import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { merchantHashedReq } from './easypaisa-protocol.ts';
import type { StartPayment } from './gateway.ts';
import { hasJazzcashHash } from './jazzcash-protocol.ts';
import { liveGateways } from './live-gateways.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 1024 });
const jazzcash = {
  JAZZCASH_MERCHANT_ID: 'MC12345', JAZZCASH_PASSWORD: 'jc-password', JAZZCASH_INTEGRITY_SALT: 'live-jazzcash-salt',
  JAZZCASH_URL: 'https://payments.jazzcash.com.pk',
};
const easypaisa = {
  EASYPAISA_STORE_ID: '43512', EASYPAISA_USERNAME: 'shop', EASYPAISA_PASSWORD: 'ep-password', EASYPAISA_ACCOUNT_NUM: '149731533',
  EASYPAISA_HASH_KEY: 'LIVEHASHKEY12345', EASYPAISA_URL: 'https://easypay.easypaisa.com.pk',
};
const hbl = {
  HBL_PAY_USER_ID: 'store', HBL_PAY_PASSWORD: 'secret', HBL_PAY_CHANNEL: 'SHOP_WEB',
  HBL_PAY_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  HBL_PAY_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  HBL_PAY_URL: 'https://digitalbankingportal.hbl.com/HostedCheckout',
};
const safepay = { SAFEPAY_API_KEY: 'sec_key', SAFEPAY_SECRET_KEY: 'secret', SAFEPAY_WEBHOOK_SECRET: 'hook', SAFEPAY_URL: 'https://api.getsafepay.com' };
const live = (env: Record<string, string>) => loadConfig({ PAYMENT_MODE: 'live', ...env });

const payment: StartPayment = {
  reference: 'T-1001', amountMinor: 2_590_050, currency: 'PKR', description: 'Order 1001', email: 'ayesha@example.com',
  returnUrl: 'https://shop.example/api/payment/return/x', notifyUrl: 'https://shop.example/api/payment/notify/x',
};

describe('live gateways', () => {
  it('are those whose credentials are configured, in live mode only', () => {
    expect(liveGateways(live({}))).toEqual({});
    expect(Object.keys(liveGateways(live(hbl)))).toEqual(['hbl_pay']);
    expect(Object.keys(liveGateways(live({ ...easypaisa, ...safepay })))).toEqual(['easypaisa', 'safepay']);
    const all = liveGateways(live({ ...jazzcash, ...easypaisa, ...hbl, ...safepay }));
    expect(Object.values(all).map((gateway) => gateway.id)).toEqual(['jazzcash', 'easypaisa', 'hbl_pay', 'safepay']);
    expect(liveGateways(loadConfig({ ...jazzcash, ...easypaisa, ...hbl, ...safepay }))).toEqual({});
  });

  it('send the buyer to the configured JazzCash and Easypay, signed with the configured secrets', async () => {
    const { jazzcash: jazz, easypaisa: easy } = liveGateways(live({ ...jazzcash, ...easypaisa }));
    const jazzStart = await jazz!.start(payment);
    expect(jazzStart).toMatchObject({ status: 'requires_action', nextAction: { method: 'POST' } });
    const jazzAction = jazzStart.status === 'requires_action' ? jazzStart.nextAction : undefined;
    expect(jazzAction?.url.startsWith('https://payments.jazzcash.com.pk/')).toBe(true);
    expect(jazzAction?.fields).toMatchObject({ pp_MerchantID: 'MC12345', pp_Password: 'jc-password', pp_TxnRefNo: 'T-1001' });
    expect(hasJazzcashHash(jazzAction!.fields, 'live-jazzcash-salt')).toBe(true);

    const easyStart = await easy!.start(payment);
    const easyAction = easyStart.status === 'requires_action' ? easyStart.nextAction : undefined;
    expect(easyAction?.url.startsWith('https://easypay.easypaisa.com.pk/')).toBe(true);
    const { merchantHashedReq: hashed, ...signed } = easyAction!.fields;
    expect(signed).toMatchObject({ storeId: '43512', orderRefNum: 'T-1001' });
    expect(hashed).toBe(merchantHashedReq(signed, 'LIVEHASHKEY12345'));
  });
});
