import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestUser, nextIp } from '../test/auth-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { answerChat } from './chat.service.ts';

type Handler = (body: { messages: { role: string; content: string | null }[]; tools?: unknown[] }, res: ServerResponse) => void;

/** A tiny OpenAI-compatible server on 127.0.0.1: each request goes to the next queued handler. */
let server: Server;
let baseUrl: string;
let handlers: Handler[] = [];
const requests: { authorization?: string; body: Parameters<Handler>[0] }[] = [];

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};
const toolCall = (name: string, args: object): Handler => (_body, res) => json(res, 200, {
  choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: `call-${name}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }] } }],
});
const finalAnswer = (content: string): Handler => (_body, res) => json(res, 200, { choices: [{ message: { role: 'assistant', content } }] });

let t: TestApp;
let buyer: Awaited<ReturnType<typeof createTestUser>>;
let orderNumber: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk) => { raw += chunk; });
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ authorization: req.headers.authorization, body });
      const handler = handlers.shift();
      if (handler) handler(body, res);
      else json(res, 500, { error: 'no answer queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  t = await createTestApp({ env: { LLM_BASE_URL: baseUrl, LLM_API_KEY: 'test-key', LLM_MODEL: 'fake-model' } });
  const { products } = await insertCatalogue(t.database.db, ['cardiology'], [
    { name: 'DeBakey Vascular Clamp', category: 'cardiology', priceCents: 15_000 },
  ]);
  buyer = await createTestUser(t.database.db, { email: 'model-buyer@example.com' });
  orderNumber = (await insertOrder(t.database.db, buyer.user.id, [{ productId: products[0].id }])).orderNumber;
});
afterEach(() => {
  handlers = [];
  requests.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const ask = (message: string, headers: Record<string, string> = {}, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/chat', payload: { message, ...extra }, headers, remoteAddress: nextIp() });

describe('POST /api/chat with a configured model', () => {
  it('runs the model’s tool call against the shop’s data and returns its answer with the products', async () => {
    handlers = [toolCall('search_products', { query: 'clamp' }), finalAnswer('The DeBakey Vascular Clamp costs $150.00.')];
    const res = await ask('How much is a vascular clamp?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      response: 'The DeBakey Vascular Clamp costs $150.00.', type: 'product', source: 'model', fallback: null,
      data: { products: [{ name: 'DeBakey Vascular Clamp', price: 150, category: 'cardiology' }] },
    });
    expect(requests).toHaveLength(2);
    expect(requests[0].authorization).toBe('Bearer test-key');
    expect(requests[0].body.tools).toHaveLength(3);
    const toolMessage = requests[1].body.messages.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool' });
    expect(toolMessage.content).toContain('"price":150');
  });

  it('gives get_order only the signed-in user’s own orders', async () => {
    handlers = [toolCall('get_order', {}), finalAnswer(`Your order ${orderNumber} is confirmed.`)];
    const reply = (await ask('where is my last order', buyer.headers)).json();
    expect(reply).toMatchObject({ type: 'order', source: 'model', data: { order: { orderNumber, status: 'confirmed' } } });

    handlers = [toolCall('get_order', { order_number: orderNumber }), finalAnswer('Please sign in.')];
    const visitor = (await ask(`where is ${orderNumber}`)).json();
    expect(visitor).toEqual({ response: 'Please sign in.', type: 'text', source: 'model', fallback: null });
    expect(requests.at(-1)!.body.messages.at(-1)!.content).toContain('"signedIn":false');
  });

  it('passes the conversation and the product being viewed, and gives today’s promo codes through get_policy', async () => {
    await t.database.db.execute(sql`insert into promo_codes (code, kind, value, min_subtotal_cents) values ('SURGERY15', 'percent', 1500, 50000)`);
    handlers = [toolCall('get_policy', { topic: 'discounts' }), finalAnswer('SURGERY15 takes 15% off orders of $500 or more.')];
    const context = [{ sender: 'user', content: 'Hi' }, { sender: 'bot', content: 'Hello! How can I help?' }];
    const reply = (await ask('Is there a discount on this?', {}, { context, page: '/products/debakey-vascular-clamp' })).json();
    expect(reply).toMatchObject({ source: 'model', type: 'text', response: 'SURGERY15 takes 15% off orders of $500 or more.' });
    const sent = requests[0].body.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(sent[1].content).toContain('"name":"DeBakey Vascular Clamp"');
    expect(sent[1].content).toContain('"price":150');
    expect(requests[1].body.messages.at(-1)!.content).toContain('SURGERY15: 15% off, on orders of $500.00 or more');
  });

  it('stops offering tools after three rounds so the model must answer', async () => {
    handlers = [
      toolCall('get_policy', { topic: 'shipping' }), toolCall('get_policy', { topic: 'returns' }),
      toolCall('get_policy', { topic: 'warranty' }), finalAnswer('Shipping is free from $500.'),
    ];
    expect((await ask('tell me everything')).json()).toMatchObject({ source: 'model', response: 'Shipping is free from $500.' });
    expect(requests.map((r) => Boolean(r.body.tools))).toEqual([true, true, true, false]);
  });

  it('falls back to the built-in assistant when the model answers 500', async () => {
    handlers = [(_body, res) => json(res, 500, { error: 'overloaded' })];
    const reply = (await ask('where is my last order', buyer.headers)).json();
    expect(reply).toMatchObject({ source: 'assistant', fallback: 'model_failed', type: 'order', data: { order: { orderNumber } } });
  });

  it('falls back to the built-in assistant when the model hangs past the timeout', async () => {
    handlers = [() => { /* never answers */ }];
    const started = Date.now();
    const reply = await answerChat(
      { db: t.database.db, model: { baseUrl, apiKey: 'test-key', model: 'fake-model', timeoutMs: 300 }, log: t.app.log },
      null, { message: 'Are your instruments FDA certified?' },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(reply).toMatchObject({ source: 'assistant', type: 'text' });
    expect(reply.response).toContain('FDA 510(k)');
  });

  it('falls back to the built-in assistant when the model cannot be reached or answers nonsense', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await answerChat(
      { db: t.database.db, model: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'k', model: 'm', timeoutMs: 2_000 }, log: t.app.log },
      buyer.user.id, { message: 'where is my last order' },
    );
    expect(unreachable).toMatchObject({ source: 'assistant', fallback: 'model_failed', type: 'order', data: { order: { orderNumber } } });

    handlers = [(_body, res) => json(res, 200, { choices: [] })];
    expect((await ask('Are your instruments CE marked?')).json()).toMatchObject({ source: 'assistant', type: 'text' });
    handlers = [finalAnswer('   ')];
    expect((await ask('Are your instruments CE marked?')).json()).toMatchObject({ source: 'assistant' });
  });
});
