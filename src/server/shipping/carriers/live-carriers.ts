import type { Config } from '../../config.ts';
import type { Carrier, CarrierId } from './carrier.ts';
import { createDhlExpressCarrier, DHL_EXPRESS_LIVE_URL } from './dhl-express.ts';
import { createLeopardsCarrier, LEOPARDS_LIVE_URL } from './leopards.ts';
import { createPostexCarrier, POSTEX_LIVE_URL } from './postex.ts';
import { createTcsCarrier, TCS_LIVE_URL } from './tcs.ts';

/**
 * In live mode, the adapters of the carriers whose credentials are configured (the configuration takes each carrier's
 * all or none); none in sandbox mode, where every carrier is its simulator.
 */
export function liveCarriers(config: Config): Partial<Record<CarrierId, Carrier>> {
  const carriers: Partial<Record<CarrierId, Carrier>> = {};
  if (config.SHIPPING_MODE !== 'live') return carriers;
  const timeoutMs = config.SHIPPING_TIMEOUT_MS;
  if (config.TCS_API_KEY && config.TCS_COST_CENTER_CODE) {
    carriers.tcs = createTcsCarrier({ apiKey: config.TCS_API_KEY, costCenterCode: config.TCS_COST_CENTER_CODE, baseUrl: config.TCS_URL ?? TCS_LIVE_URL, timeoutMs });
  }
  if (config.LEOPARDS_API_KEY && config.LEOPARDS_API_PASSWORD) {
    carriers.leopards = createLeopardsCarrier({
      apiKey: config.LEOPARDS_API_KEY, apiPassword: config.LEOPARDS_API_PASSWORD, baseUrl: config.LEOPARDS_URL ?? LEOPARDS_LIVE_URL, timeoutMs,
    });
  }
  if (config.POSTEX_TOKEN) {
    carriers.postex = createPostexCarrier({ token: config.POSTEX_TOKEN, baseUrl: config.POSTEX_URL ?? POSTEX_LIVE_URL, timeoutMs });
  }
  if (config.DHL_API_KEY && config.DHL_API_SECRET && config.DHL_ACCOUNT_NUMBER) {
    carriers.dhl_express = createDhlExpressCarrier({
      apiKey: config.DHL_API_KEY, apiSecret: config.DHL_API_SECRET, accountNumber: config.DHL_ACCOUNT_NUMBER,
      baseUrl: config.DHL_URL ?? DHL_EXPRESS_LIVE_URL, timeoutMs,
    });
  }
  return carriers;
}
