import type { FastifyBaseLogger } from 'fastify';

/** A gateway's retries of a notification the shop did not answer with 2xx: 3 tries, 2 s and 10 s apart. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000] as const;

export interface Notifier {
  /** Sends now, and again after each delay while the answer is no 2xx (or none came). */
  deliver(label: string, send: () => Promise<Response>): void;
  close(): void;
}

export function createNotifier(delaysMs: readonly number[], log: FastifyBaseLogger): Notifier {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function attempt(label: string, send: () => Promise<Response>, tried: number): Promise<void> {
    if (closed) return;
    let status = 0;
    try {
      const response = await send();
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      log.warn({ err: error, notification: label }, 'sandbox notification not delivered');
    }
    if (status >= 200 && status < 300) return;
    const delay = delaysMs[tried];
    if (delay === undefined || closed) {
      log.warn({ notification: label, tries: tried + 1, status }, 'sandbox notification given up');
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(label, send, tried + 1);
    }, delay);
    timers.add(timer);
  }

  return {
    deliver: (label, send) => void attempt(label, send, 0),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
