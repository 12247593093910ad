/** A notification on its way from a simulated gateway to the shop, as the gateway sent it. */
export interface SentNotification {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The network between the sandbox's gateways and the shop, as a test controls it: every request to
 * /api/payment/notify/ is recorded, and waits while the gate is held, so that a test orders a gateway's notification
 * against the buyer's return. Everything else goes straight through.
 */
export interface NotificationGate {
  fetch: typeof fetch;
  /** Every notification sent so far, in order (those held included). */
  sent: SentNotification[];
  /** Notifications wait from now on. */
  hold(): void;
  /** The waiting notifications go on, and the next ones are no longer held. */
  release(): void;
}

/** Set by fetch itself for each request. */
const HOP_HEADERS = new Set(['content-length', 'host', 'connection', 'transfer-encoding']);

export function notificationGate(): NotificationGate {
  let opened: Promise<void> | null = null;
  let open = () => {};
  const gate: NotificationGate = {
    sent: [],
    hold() {
      opened ??= new Promise((resolve) => { open = resolve; });
    },
    release() {
      open();
      opened = null;
    },
    async fetch(input, init) {
      const request = new Request(input, init);
      if (!new URL(request.url).pathname.startsWith('/api/payment/notify/')) return fetch(request);
      const headers = Object.fromEntries([...request.headers].filter(([name]) => !HOP_HEADERS.has(name)));
      gate.sent.push({ url: request.url, method: request.method, headers, body: await request.clone().text() });
      await opened;
      return fetch(request);
    },
  };
  return gate;
}

/** A recorded notification sent to the shop again, as the gateway would, with `change` applied to it first. */
export const resend = (notification: SentNotification, change: Partial<SentNotification> = {}): Promise<Response> => {
  const { url, method, headers, body } = { ...notification, ...change };
  return fetch(url, { method, headers, ...(method === 'GET' ? {} : { body }) });
};
