import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from '../gateways/gateway.ts';
import { createHblPayGateway } from '../gateways/hbl-pay.ts';
import { createSafepayGateway } from '../gateways/safepay.ts';
import { registerHblPaySimulator } from './hbl-pay-simulator.ts';
import { registerSafepaySimulator } from './safepay-simulator.ts';

/**
 * HBL Pay and Safepay in sandbox mode: both simulators mounted on the shop with credentials and keys made at start,
 * and the adapters speaking to them over HTTP at the shop's own address, as they would to the gateways. Safepay's
 * webhooks go to /api/payment/notify/safepay, the endpoint its dashboard would name.
 */
export async function mountCardGatewaySandboxes(app: FastifyInstance, { origin }: { origin: string }): Promise<Record<'hbl_pay' | 'safepay', PaymentGateway>> {
  const secret = () => randomBytes(16).toString('hex');
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const hblCredentials = { userId: 'sandbox-store', password: secret(), channel: 'SHOP_WEB' };
  const hbl = await registerHblPaySimulator(app, {
    ...hblCredentials, merchantPublicKeyPem: merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  const safepayKeys = { apiKey: `sec_${secret()}`, secretKey: secret(), webhookSecret: secret() };
  const safepay = await registerSafepaySimulator(app, { ...safepayKeys, webhookUrl: `${origin}/api/payment/notify/safepay` });
  return {
    hbl_pay: createHblPayGateway({
      ...hblCredentials,
      merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      hblPublicKeyPem: hbl.hblPublicKeyPem,
      baseUrl: `${origin}${hbl.basePath}`,
    }),
    safepay: createSafepayGateway({ ...safepayKeys, baseUrl: `${origin}${safepay.basePath}`, environment: 'sandbox' }),
  };
}
