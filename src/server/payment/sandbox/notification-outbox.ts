import { setTimeout as sleep } from 'node:timers/promises';

export interface DeliveryAttempt {
  url: string;
  attempt: number;
  /** The HTTP status answered, or `unreachable`. */
  status: number | 'unreachable';
}

export interface RetryPolicy {
  /** Tries in all (3 unless given). */
  attempts?: number;
  /** The wait before the second try, doubled before each further one (1000 ms unless given). */
  backoffMs?: number;
}

export interface NotificationOutbox {
  /** Posts `body` to `url` in the background until it is answered 2xx or the tries run out. */
  send(url: string, body: string, headers: Record<string, string>): void;
  /** Every try so far, in order. */
  readonly attempts: readonly DeliveryAttempt[];
  /** Resolves once nothing is being delivered. */
  settled(): Promise<void>;
  /** Gives up what is still waiting for its next try. */
  close(): void;
}

/** A simulated gateway's notifications: retried with backoff, as gateways do, until the shop answers 2xx. */
export function createNotificationOutbox(policy: RetryPolicy = {}, request: typeof fetch = fetch): NotificationOutbox {
  const attempts = policy.attempts ?? 3;
  const backoffMs = policy.backoffMs ?? 1_000;
  const log: DeliveryAttempt[] = [];
  const pending = new Set<Promise<void>>();
  const stop = new AbortController();

  async function deliver(url: string, body: string, headers: Record<string, string>) {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        try {
          await sleep(backoffMs * 2 ** (attempt - 2), undefined, { signal: stop.signal });
        } catch {
          return;
        }
      }
      let status: DeliveryAttempt['status'];
      try {
        const response = await request(url, { method: 'POST', headers, body, signal: stop.signal });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = 'unreachable';
      }
      log.push({ url, attempt, status });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
    }
  }

  return {
    attempts: log,
    send(url, body, headers) {
      const delivery = deliver(url, body, headers).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
    close() {
      stop.abort();
    },
  };
}
