import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { appFetch } from '../payment/sandbox/app-fetch.ts';
import type { Carrier, CarrierId } from './carriers/carrier.ts';
import { liveCarriers } from './carriers/live-carriers.ts';
import { mountSandboxCarriers } from './sandbox/sandbox-carriers.ts';

export interface ShippingCarriers {
  mode: Config['SHIPPING_MODE'];
  carriers: Partial<Record<CarrierId, Carrier>>;
}

/**
 * The carriers of SHIPPING_MODE: in sandbox mode every carrier's simulator is mounted on the shop and its adapter
 * talks to it at the shop's public address; in live mode, the carriers whose credentials are configured.
 */
export async function shippingCarriers(app: FastifyInstance, config: Config, publicUrl: string, sandboxFetch?: typeof fetch): Promise<ShippingCarriers> {
  if (config.SHIPPING_MODE !== 'sandbox') return { mode: config.SHIPPING_MODE, carriers: liveCarriers(config) };
  const carriers = await mountSandboxCarriers(app, { origin: publicUrl, fetch: sandboxFetch ?? appFetch(app, publicUrl), timeoutMs: config.SHIPPING_TIMEOUT_MS });
  return { mode: config.SHIPPING_MODE, carriers };
}
