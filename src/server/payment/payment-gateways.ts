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

/**
 * Where checkout posts the buyer's browser in live mode (the gateways' hosted pages): the storefront's form-action
 * policy lets those forms through. The sandbox's pages are the shop's own.
 */
export function gatewayFormOrigins(config: Config): string[] {
  if (config.PAYMENT_MODE === 'sandbox') return [];
  const urls = [config.JAZZCASH_URL, config.EASYPAISA_URL, config.HBL_PAY_URL, config.SAFEPAY_CHECKOUT_URL ?? config.SAFEPAY_URL];
  return [...new Set(urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin))];
}
