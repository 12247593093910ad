import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GatewayId, PaymentGateway } from '../gateways/gateway.ts';
import { createEasypaisaGateway } from '../gateways/easypaisa.ts';
import { createHblPayGateway } from '../gateways/hbl-pay.ts';
import { createJazzcashGateway } from '../gateways/jazzcash.ts';
import { createSafepayGateway } from '../gateways/safepay.ts';
import { EASYPAISA_SIMULATOR_PREFIX, registerEasypaisaSimulator } from './easypaisa-simulator.ts';
import { registerHblPaySimulator } from './hbl-pay-simulator.ts';
import { JAZZCASH_SIMULATOR_PREFIX, registerJazzcashSimulator } from './jazzcash-simulator.ts';
import { registerSafepaySimulator } from './safepay-simulator.ts';

export interface SandboxGatewayOptions {
  /** The shop's address as the buyer's browser reaches it: the hosted pages and the return URLs are under it. */
  origin: string;
  /** How the adapters and the simulators' notifications reach the shop at `origin` (see appFetch). */
  fetch: typeof fetch;
  /** The sandbox's documented salt and hash key (JAZZCASH_INTEGRITY_SALT, EASYPAISA_HASH_KEY). */
  jazzcashSalt: string;
  easypaisaHashKey: string;
  timeoutMs?: number;
}

/**
 * PAYMENT_MODE=sandbox: every gateway's simulator mounted on the shop under /sandbox/{gateway}/ with credentials made
 * at start, and each adapter speaking to it over HTTP as it would to the gateway. The simulators send their
 * notifications to /api/payment/notify/{gateway}, the endpoint each gateway's portal would name.
 */
export async function mountSandboxGateways(app: FastifyInstance, options: SandboxGatewayOptions): Promise<Record<GatewayId, PaymentGateway>> {
  const { origin, fetch: fetchImpl, timeoutMs } = options;
  const secret = () => randomBytes(16).toString('hex');
  const notifyUrl = (gateway: GatewayId) => `${origin}/api/payment/notify/${gateway}`;

  const jazzcashMerchant = { merchantId: 'MC_SANDBOX', password: secret(), integritySalt: options.jazzcashSalt };
  await registerJazzcashSimulator(app, { ...jazzcashMerchant, ipnUrl: notifyUrl('jazzcash'), fetch: fetchImpl });
  const easypaisaStore = { storeId: '10001', hashKey: options.easypaisaHashKey, username: 'sandbox-shop', password: secret(), accountNum: '100000001' };
  await registerEasypaisaSimulator(app, { ...easypaisaStore, ipnUrl: notifyUrl('easypaisa'), fetch: fetchImpl });

  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const hblCredentials = { userId: 'sandbox-store', password: secret(), channel: 'SHOP_WEB' };
  const hbl = await registerHblPaySimulator(app, {
    ...hblCredentials, merchantPublicKeyPem: merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString(), fetch: fetchImpl,
  });
  const safepayKeys = { apiKey: `sec_${secret()}`, secretKey: secret(), webhookSecret: secret() };
  const safepay = await registerSafepaySimulator(app, { ...safepayKeys, webhookUrl: notifyUrl('safepay'), fetch: fetchImpl });

  return {
    jazzcash: createJazzcashGateway({ ...jazzcashMerchant, baseUrl: origin + JAZZCASH_SIMULATOR_PREFIX, fetch: fetchImpl, timeoutMs }),
    easypaisa: createEasypaisaGateway({ ...easypaisaStore, baseUrl: origin + EASYPAISA_SIMULATOR_PREFIX, fetch: fetchImpl, timeoutMs }),
    hbl_pay: createHblPayGateway({
      ...hblCredentials,
      merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      hblPublicKeyPem: hbl.hblPublicKeyPem,
      baseUrl: `${origin}${hbl.basePath}`,
      fetch: fetchImpl,
    }),
    safepay: createSafepayGateway({ ...safepayKeys, baseUrl: `${origin}${safepay.basePath}`, environment: 'sandbox', fetch: fetchImpl }),
  };
}
