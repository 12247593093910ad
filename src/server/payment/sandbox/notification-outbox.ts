import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

/** A gateway's retries of a notification the shop did not answer with 2xx: 3 tries, 2 s and 10 s apart. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000];
/** How long one try waits for the shop's answer. */
const TRY_TIMEOUT_MS = 10_000;

export interface Notification {
  url: string;
  /** Posted with `headers` when given; without, the notification is a GET of `url` (Easypay's IPN). */
  body?: string;
  headers?: Record<string, string>;
}

export interface DeliveryAttempt {
  url: string;
  attempt: number;
  /** The HTTP status answered, or `unreachable`. */
  status: number | 'unreachable';
}

export interface OutboxOptions {
  /** Where a notification given up is told. */
  log: FastifyBaseLogger;
  /** The waits before the second try, the third, …: one try more than there are waits (DEFAULT_RETRY_DELAYS_MS unless given). */
  retryDelaysMs?: readonly number[];
  /** How the notifications reach the shop. */
  fetch?: typeof fetch;
}

export interface NotificationOutbox {
  /** Sends in the background until it is answered 2xx or the tries run out. */
  send(notification: Notification): void;
  /** Every try so far, in order. */
  readonly attempts: readonly DeliveryAttempt[];
  /** Resolves once nothing is being delivered. */
  settled(): Promise<void>;
  /** Gives up what is being sent or waits for its next try. */
  close(): void;
}

/** A simulated gateway's notifications: retried, as gateways do, until the shop answers 2xx. */
export function createNotificationOutbox(options: OutboxOptions): NotificationOutbox {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const request = options.fetch ?? fetch;
  const attempts: DeliveryAttempt[] = [];
  const pending = new Set<Promise<void>>();
  const stop = new AbortController();

  async function tryOnce({ url, body, headers }: Notification): Promise<DeliveryAttempt['status']> {
    try {
      const response = await request(url, {
        method: body === undefined ? 'GET' : 'POST', headers, body, signal: AbortSignal.any([stop.signal, AbortSignal.timeout(TRY_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      return response.status;
    } catch (error) {
      if (!stop.signal.aborted) options.log.warn({ err: error, notification: url }, 'sandbox notification not delivered');
      return 'unreachable';
    }
  }

  async function deliver(notification: Notification): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const status = await tryOnce(notification);
      if (stop.signal.aborted) return;
      attempts.push({ url: notification.url, attempt, status });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      const delay = delays[attempt - 1];
      if (delay === undefined) {
        options.log.warn({ notification: notification.url, tries: attempt, status }, 'sandbox notification given up');
        return;
      }
      try {
        await sleep(delay, undefined, { signal: stop.signal });
      } catch {
        return;
      }
    }
  }

  return {
    attempts,
    send(notification) {
      const delivery = deliver(notification).finally(() => pending.delete(delivery));
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
