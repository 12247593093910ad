import type { Config } from '../../config.ts';
import { createCardSandbox } from './card-sandbox.provider.ts';
import { createEasypaisaProvider } from './easypaisa.provider.ts';
import { createEasypaisaSandbox } from './easypaisa-sandbox.ts';
import { createHblPaySandbox } from './hbl-pay-sandbox.provider.ts';
import { createJazzcashProvider } from './jazzcash.provider.ts';
import { createJazzcashSandbox } from './jazzcash-sandbox.ts';
import type { PaymentProviders } from './payment-provider.ts';

type ProviderConfig = Pick<Config, 'JAZZCASH_INTEGRITY_SALT' | 'EASYPAISA_HASH_KEY'>;

/**
 * The gateways for PAYMENT_MODE. Only 'sandbox' exists: the wallet adapters are the real request/response
 * signing code talking to in-process sandboxes; a live mode adds an HTTP transport and merchant credentials.
 */
export function createPaymentProviders(config: ProviderConfig): PaymentProviders {
  return {
    jazzcash: createJazzcashProvider({
      merchantId: 'MC_SANDBOX',
      password: 'sandbox',
      integritySalt: config.JAZZCASH_INTEGRITY_SALT,
      transport: createJazzcashSandbox(config.JAZZCASH_INTEGRITY_SALT),
    }),
    easypaisa: createEasypaisaProvider({
      storeId: 'SANDBOX-STORE',
      hashKey: config.EASYPAISA_HASH_KEY,
      transport: createEasypaisaSandbox(config.EASYPAISA_HASH_KEY),
    }),
    hbl_pay: createHblPaySandbox(),
    credit_card: createCardSandbox(),
  };
}
