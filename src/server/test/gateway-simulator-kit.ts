import Fastify, { type FastifyInstance } from 'fastify';
import type { GatewayMessage } from '../payment/gateways/gateway.ts';
import { registerSecurityHeaders } from '../lib/security-headers.ts';
import { contentSecurityPolicy } from '../storefront/content-security-policy.ts';

/**
 * Closing ends the connections fetch keeps open, busy or not: its pool may hold one that never sent a request, which
 * Node's server would otherwise wait on until the headers timeout.
 */
const testServer = () => Fastify({ forceCloseConnections: true });

/** A Fastify app on 127.0.0.1 with the shop's security headers, as the simulators are served in the shop. */
export async function startSimulatorApp(register: (app: FastifyInstance) => Promise<void>): Promise<{ app: FastifyInstance; origin: string }> {
  const app = testServer();
  registerSecurityHeaders(app, { contentSecurityPolicy: { directives: contentSecurityPolicy } });
  await register(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: address };
}

export interface Receiver {
  /** Where the simulator sends notifications. */
  url: string;
  /** Every notification that arrived, as the shop's route would hand it to the adapter. */
  received: GatewayMessage[];
  /** The status a notification is answered with: 200 unless a test says otherwise. */
  respond: (message: GatewayMessage) => number;
  close(): Promise<void>;
}

/** The shop's notify route, as far as a gateway sees it. */
export async function startReceiver(): Promise<Receiver> {
  const app = testServer();
  const receiver: Receiver = { url: '', received: [], respond: () => 200, close: () => app.close() };
  app.all('/notify', async (request, reply) => {
    const message: GatewayMessage = {
      method: request.method,
      query: request.query as Record<string, string>,
      headers: request.headers as Record<string, string | undefined>,
      body: request.body,
      rawBody: JSON.stringify(request.body ?? ''),
    };
    receiver.received.push(message);
    return reply.status(receiver.respond(message)).send('');
  });
  receiver.url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/notify`;
  return receiver;
}

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

export interface PageForm {
  action: string;
  fields: Record<string, string>;
}

/** The forms of a simulated page: where each posts, with its hidden fields. */
export function formsOf(html: string): PageForm[] {
  return [...html.matchAll(/<form method="post"(?: action="([^"]*)")?>([\s\S]*?)<\/form>/g)].map(([, action, inner]) => ({
    action: unescape(action ?? ''),
    fields: Object.fromEntries([...inner.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)]
      .map(([, name, value]) => [unescape(name), unescape(value)])),
  }));
}

/** A browser's form post, redirects left to the test. */
export const postForm = (url: string, fields: Record<string, string>) => fetch(url, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual',
});

/** A GET or form return as the shop's route hands it to the adapter. */
export const messageOf = (query: Record<string, string>, body: unknown = {}): GatewayMessage =>
  ({ method: 'POST', query, headers: {}, body, rawBody: '' });

export const queryOf = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams);
