import Fastify, { type FastifyInstance } from 'fastify';
import type { GatewayMessage } from '../payment/gateways/gateway.ts';

/**
 * A stand-in for the shop around a simulated gateway, over real HTTP: the simulator mounted by `mount`, and a notify
 * endpoint that keeps each notification as the gateway sent it and answers the next of `notifyAnswers` (then 200).
 */
export interface GatewayShop {
  origin: string;
  notifyUrl: string;
  returnUrl: string;
  /** Every notification received, as a GatewayMessage. */
  notifications: GatewayMessage[];
  /** The statuses the notify endpoint answers, one per notification, then 200. */
  notifyAnswers: number[];
  close(): Promise<void>;
}

export async function gatewayShop(mount: (app: FastifyInstance) => Promise<void>, port = 0): Promise<GatewayShop> {
  const app = Fastify();
  const notifications: GatewayMessage[] = [];
  const notifyAnswers: number[] = [];
  await mount(app);
  await app.register(async (shop) => {
    const keepRaw = (_request: unknown, body: string | Buffer, done: (error: Error | null, value: unknown) => void) => done(null, String(body));
    shop.addContentTypeParser('application/json', { parseAs: 'string' }, keepRaw);
    shop.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, keepRaw);
    shop.post('/shop/notify', async (request, reply) => {
      const rawBody = request.body as string;
      const json = String(request.headers['content-type']).startsWith('application/json');
      notifications.push({
        method: request.method,
        query: request.query as Record<string, string>,
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, [value].flat().join(', ')])),
        body: json ? JSON.parse(rawBody) : Object.fromEntries(new URLSearchParams(rawBody)),
        rawBody,
      });
      return reply.code(notifyAnswers.shift() ?? 200).send('');
    });
  });
  const origin = await app.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    notifyUrl: `${origin}/shop/notify`,
    returnUrl: `${origin}/shop/return`,
    notifications,
    notifyAnswers,
    close: () => app.close(),
  };
}

/** The first form on a page: where it posts and its hidden fields. */
export function pageForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the page:\n${html}`);
  const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const fields = Object.fromEntries([...form[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)]
    .map(([, name, value]) => [decode(name), decode(value)]));
  return { action: decode(form[1]), fields };
}

/** A form post as a browser makes it, not following the answer's redirect. */
export const postForm = (url: string, fields: Record<string, string>) => fetch(url, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual',
});

/** A return the buyer's browser brings back: the query of `url` (a redirect) and, when posted, the form's fields. */
export function returnMessage(url: string, fields?: Record<string, string>): GatewayMessage {
  const rawBody = fields ? new URLSearchParams(fields).toString() : '';
  return {
    method: fields ? 'POST' : 'GET',
    query: Object.fromEntries(new URL(url).searchParams),
    headers: {},
    body: fields,
    rawBody,
  };
}
