import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewayId } from '../gateways/gateway.ts';

export interface SandboxPhone {
  /**
   * Approves the wallet payment `reference` on the simulated phone with `pin`, once the gateway has put it there;
   * gives up when `signal` aborts (the gateway settled it without the phone).
   */
  approve(gateway: GatewayId, reference: string, pin: string, signal: AbortSignal): Promise<void>;
}

/** How long the phone waits for a payment to reach it: the gateway puts it there while the shop's call is open. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

/**
 * The buyer's phone in the sandbox, for the spec's payment widget, which takes the wallet's PIN at checkout: it
 * approves on the simulator's phone page (/sandbox/{gateway}/wallet/{reference}) as a buyer would, so the gateway's
 * wallet transaction, notification and inquiry run as they do when the buyer approves on a real phone.
 */
export function createSandboxPhone(fetchImpl: typeof fetch, origin: string): SandboxPhone {
  return {
    async approve(gateway, reference, pin, signal) {
      const page = `${origin}/sandbox/${gateway}/wallet/${encodeURIComponent(reference)}`;
      for (let waited = 0; waited < WAIT_MS && !signal.aborted; waited += POLL_MS) {
        const shown = await fetchImpl(page);
        await shown.arrayBuffer();
        if (shown.ok) {
          const approved = await fetchImpl(page, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ decision: 'approve', pin }).toString(),
          });
          await approved.arrayBuffer();
          return;
        }
        await sleep(POLL_MS);
      }
    },
  };
}
