import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Stubs `fetch` with answers per "METHOD /path/" and records every call. Unanswered calls get a 404. */
export function mockApi() {
  const answers = new Map<string, Array<() => Answer>>();
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      method,
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.Authorization,
    });
    const queue = answers.get(`${method} ${path}`);
    const next = queue && (queue.length > 1 ? queue.shift()! : queue[0]);
    const { status, body } = next ? await next() : { status: 404, body: { detail: 'Not found.' } };
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    fetchMock,
    /** Queues an answer; the last one queued for a path keeps answering. */
    on(method: string, path: string, status: number, body?: unknown) {
      const queue = answers.get(`${method} ${path}`) ?? [];
      queue.push(() => ({ status, body }));
      answers.set(`${method} ${path}`, queue);
      return this;
    },
    /** Answers with whatever `answer` resolves to, when it resolves. */
    onDeferred(method: string, path: string, answer: () => Answer) {
      answers.set(`${method} ${path}`, [answer]);
      return this;
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

export function wireUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u-1',
    email: 'amna@example.com',
    first_name: 'Amna',
    last_name: 'Khan',
    account_type: 'individual',
    is_verified: true,
    is_staff: false,
    is_superuser: false,
    staff_role: null,
    profile: { phone: '+92 300 1234567', specialty: 'cardiology', hospital_name: '', license_number: '', address: '' },
    preferences: { language: 'en', currency: 'PKR', notifications: { email: true, sms: false, push: false, cartReminders: true } },
    date_joined: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
