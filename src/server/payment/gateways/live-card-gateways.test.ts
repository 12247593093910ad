import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { liveCardGateways } from './live-card-gateways.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 1024 });
const hbl = {
  HBL_PAY_USER_ID: 'store', HBL_PAY_PASSWORD: 'secret', HBL_PAY_CHANNEL: 'SHOP_WEB',
  HBL_PAY_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  HBL_PAY_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  HBL_PAY_URL: 'https://digitalbankingportal.hbl.com/HostedCheckout',
};
const safepay = { SAFEPAY_API_KEY: 'sec_key', SAFEPAY_SECRET_KEY: 'secret', SAFEPAY_WEBHOOK_SECRET: 'hook', SAFEPAY_URL: 'https://api.getsafepay.com' };

describe('live card gateways', () => {
  it('are the ones whose credentials are configured', () => {
    expect(liveCardGateways(loadConfig({}))).toEqual({});
    expect(Object.keys(liveCardGateways(loadConfig(hbl)))).toEqual(['hbl_pay']);
    const both = liveCardGateways(loadConfig({ ...hbl, ...safepay }));
    expect([both.hbl_pay?.id, both.safepay?.id]).toEqual(['hbl_pay', 'safepay']);
  });
});
