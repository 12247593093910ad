import type { Config } from '../../config.ts';
import { createEasypaisaGateway } from './easypaisa.ts';
import type { GatewayId, PaymentGateway } from './gateway.ts';
import { createHblPayGateway } from './hbl-pay.ts';
import { createJazzcashGateway } from './jazzcash.ts';
import { createSafepayGateway } from './safepay.ts';

/**
 * In live mode, the adapters of the gateways whose credentials are configured (the configuration takes each gateway's
 * all or none, so its URL stands for the rest); none in sandbox mode, where every gateway is its simulator.
 */
export function liveGateways(config: Config): Partial<Record<GatewayId, PaymentGateway>> {
  const gateways: Partial<Record<GatewayId, PaymentGateway>> = {};
  if (config.PAYMENT_MODE !== 'live') return gateways;
  if (config.JAZZCASH_URL) {
    gateways.jazzcash = createJazzcashGateway({
      merchantId: config.JAZZCASH_MERCHANT_ID!,
      password: config.JAZZCASH_PASSWORD!,
      integritySalt: config.JAZZCASH_INTEGRITY_SALT,
      baseUrl: config.JAZZCASH_URL,
    });
  }
  if (config.EASYPAISA_URL) {
    gateways.easypaisa = createEasypaisaGateway({
      storeId: config.EASYPAISA_STORE_ID!,
      hashKey: config.EASYPAISA_HASH_KEY,
      username: config.EASYPAISA_USERNAME!,
      password: config.EASYPAISA_PASSWORD!,
      accountNum: config.EASYPAISA_ACCOUNT_NUM!,
      baseUrl: config.EASYPAISA_URL,
    });
  }
  if (config.HBL_PAY_URL) {
    gateways.hbl_pay = createHblPayGateway({
      userId: config.HBL_PAY_USER_ID!,
      password: config.HBL_PAY_PASSWORD!,
      channel: config.HBL_PAY_CHANNEL!,
      merchantPrivateKeyPem: config.HBL_PAY_PRIVATE_KEY!,
      hblPublicKeyPem: config.HBL_PAY_PUBLIC_KEY!,
      baseUrl: config.HBL_PAY_URL,
    });
  }
  if (config.SAFEPAY_URL) {
    gateways.safepay = createSafepayGateway({
      apiKey: config.SAFEPAY_API_KEY!,
      secretKey: config.SAFEPAY_SECRET_KEY!,
      webhookSecret: config.SAFEPAY_WEBHOOK_SECRET!,
      baseUrl: config.SAFEPAY_URL,
      checkoutUrl: config.SAFEPAY_CHECKOUT_URL,
      environment: config.SAFEPAY_ENVIRONMENT,
    });
  }
  return gateways;
}
