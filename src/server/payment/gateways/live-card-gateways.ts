import type { Config } from '../../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { createHblPayGateway } from './hbl-pay.ts';
import { createSafepayGateway } from './safepay.ts';

/** The live HBL Pay and Safepay adapters whose credentials are configured (the configuration takes each all or none). */
export function liveCardGateways(config: Config): Partial<Record<'hbl_pay' | 'safepay', PaymentGateway>> {
  const gateways: Partial<Record<'hbl_pay' | 'safepay', PaymentGateway>> = {};
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
