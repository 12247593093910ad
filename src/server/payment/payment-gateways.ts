import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { GatewayId, PaymentGateway } from './gateways/gateway.ts';
import { liveGateways } from './gateways/live-gateways.ts';
import { appFetch } from './sandbox/app-fetch.ts';
import { mountSandboxGateways } from './sandbox/sandbox-gateways.ts';
import { createSandboxPhone, type SandboxPhone } from './sandbox/sandbox-phone.ts';

export interface PaymentGateways {
  mode: Config['PAYMENT_MODE'];
  gateways: Partial<Record<GatewayId, PaymentGateway>>;
  /** Sandbox mode: the buyer's simulated phone. */
  sandbox?: { phone: SandboxPhone };
}

/**
 * The gateways of PAYMENT_MODE: in sandbox mode every gateway's simulator is mounted on the shop and its adapter
 * talks to it at the shop's public address; in live mode, the gateways whose credentials are configured.
 */
export async function paymentGateways(app: FastifyInstance, config: Config, publicUrl: string, sandboxFetch?: typeof fetch): Promise<PaymentGateways> {
  if (config.PAYMENT_MODE !== 'sandbox') return { mode: config.PAYMENT_MODE, gateways: liveGateways(config) };
  const fetchImpl = sandboxFetch ?? appFetch(app, publicUrl);
  const gateways = await mountSandboxGateways(app, {
    origin: publicUrl, fetch: fetchImpl, jazzcashSalt: config.JAZZCASH_INTEGRITY_SALT, easypaisaHashKey: config.EASYPAISA_HASH_KEY,
    timeoutMs: config.PAYMENT_TIMEOUT_MS,
  });
  return { mode: config.PAYMENT_MODE, gateways, sandbox: { phone: createSandboxPhone(fetchImpl, publicUrl) } };
}
