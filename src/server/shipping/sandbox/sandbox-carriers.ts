import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Carrier, CarrierId } from '../carriers/carrier.ts';
import { createDhlExpressCarrier } from '../carriers/dhl-express.ts';
import { createLeopardsCarrier } from '../carriers/leopards.ts';
import { createPostexCarrier } from '../carriers/postex.ts';
import { createTcsCarrier } from '../carriers/tcs.ts';
import { DHL_EXPRESS_SIMULATOR_PREFIX, registerDhlExpressSimulator } from './dhl-express-simulator.ts';
import { LEOPARDS_SIMULATOR_PREFIX, registerLeopardsSimulator } from './leopards-simulator.ts';
import { POSTEX_SIMULATOR_PREFIX, registerPostexSimulator } from './postex-simulator.ts';
import { registerTcsSimulator, TCS_SIMULATOR_PREFIX } from './tcs-simulator.ts';

export interface SandboxCarrierOptions {
  /** The shop's address: the simulators are under it. */
  origin: string;
  /** How the adapters reach the shop at `origin` (see appFetch). */
  fetch: typeof fetch;
  timeoutMs?: number;
  /** How long each tracking stage lasts before the parcel moves on by itself. */
  stageMs?: number;
}

/**
 * SHIPPING_MODE=sandbox: every carrier's simulator mounted on the shop under /sandbox/{carrier}/ with credentials made
 * at start, and each adapter speaking to it over HTTP as it would to the carrier.
 */
export async function mountSandboxCarriers(app: FastifyInstance, options: SandboxCarrierOptions): Promise<Record<CarrierId, Carrier>> {
  const { origin, fetch: fetchImpl, timeoutMs, stageMs } = options;
  const secret = () => randomBytes(16).toString('hex');
  const connection = (prefix: string) => ({ baseUrl: origin + prefix, fetch: fetchImpl, timeoutMs });

  const tcs = { apiKey: secret(), costCenterCode: 'SANDBOX-CC' };
  await registerTcsSimulator(app, { apiKey: tcs.apiKey, stageMs });
  const leopards = { apiKey: secret(), apiPassword: secret() };
  await registerLeopardsSimulator(app, { ...leopards, origin, stageMs });
  const postex = { token: secret() };
  await registerPostexSimulator(app, { ...postex, stageMs });
  const dhl = { apiKey: secret(), apiSecret: secret(), accountNumber: '950000000' };
  await registerDhlExpressSimulator(app, { ...dhl, stageMs });

  return {
    tcs: createTcsCarrier({ ...tcs, ...connection(TCS_SIMULATOR_PREFIX) }),
    leopards: createLeopardsCarrier({ ...leopards, ...connection(LEOPARDS_SIMULATOR_PREFIX) }),
    postex: createPostexCarrier({ ...postex, ...connection(POSTEX_SIMULATOR_PREFIX) }),
    dhl_express: createDhlExpressCarrier({ ...dhl, ...connection(DHL_EXPRESS_SIMULATOR_PREFIX) }),
  };
}
