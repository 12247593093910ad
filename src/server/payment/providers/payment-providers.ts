import { GATEWAY_METHODS, type GatewayMethod } from '#contracts/payment';
import type { GatewayId, PaymentGateway } from '../gateways/gateway.ts';
import type { SandboxPhone } from '../sandbox/sandbox-phone.ts';
import { createCardSandbox } from './card-sandbox.provider.ts';
import { GATEWAY_OF, gatewayProvider } from './gateway-provider.ts';
import { createHblPaySandbox } from './hbl-pay-sandbox.provider.ts';
import type { PaymentProvider, PaymentProviders } from './payment-provider.ts';

export interface ProviderOptions {
  /** The gateways this shop takes money through: all four in sandbox mode, the configured ones in live mode. */
  gateways: Partial<Record<GatewayId, PaymentGateway>>;
  publicUrl: string;
  /** Sandbox mode: typed card and bank details are charged in process, a typed wallet PIN approves on the phone. */
  sandbox?: { phone: SandboxPhone };
}

/** A method whose gateway is not configured (live mode): checkout does not offer it, and a payment by it is refused. */
const notOffered = <M extends GatewayMethod>(method: M): PaymentProvider<M> => ({
  method,
  charge: async () => ({ status: 'failed', reference: '', message: `${method} is not offered by this shop.`, reason: 'declined' }),
});

/** One provider per checkout method, each charging through its gateway's adapter. */
export function createPaymentProviders({ gateways, publicUrl, sandbox }: ProviderOptions): PaymentProviders {
  const direct = { credit_card: createCardSandbox(), hbl_pay: createHblPaySandbox() };
  const providerOf = <M extends GatewayMethod>(method: M): PaymentProvider<M> => {
    const gateway = gateways[GATEWAY_OF[method]];
    if (!gateway) return notOffered(method);
    return gatewayProvider({
      method, gateway, publicUrl, phone: sandbox?.phone,
      direct: sandbox && method in direct ? direct[method as keyof typeof direct] as never : undefined,
    });
  };
  return Object.fromEntries(GATEWAY_METHODS.map((method) => [method, providerOf(method)])) as PaymentProviders;
}
