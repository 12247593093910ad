import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineContract } from '#contracts/define';
import { registerErrorHandler } from './error-handler.ts';
import { conflict } from './errors.ts';
import { route } from './route.ts';

const create = defineContract({
  method: 'POST',
  path: '/things/',
  body: z.object({ name: z.string().min(2, 'Too short.'), profile: z.object({ phone: z.string() }) }),
  response: z.object({ name: z.string() }),
  status: 201,
});

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandler(app);
route(app, create, async (request) => ({ name: request.body.name, secret: 'dropped by the schema' }) as { name: string });
app.get('/boom', async () => {
  throw new Error('database password is hunter2');
});
app.get('/taken', async () => {
  throw conflict('Only 2 left in stock.', 'OUT_OF_STOCK');
});

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('error model', () => {
  it('answers bad input with 400 and per-field lists', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/', payload: { name: 'x', profile: {} } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Validation failed',
      errors: { name: ['Too short.'], 'profile.phone': [expect.any(String)] },
    });
  });

  it('serialises only what the contract declares, with its status', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/', payload: { name: 'xy', profile: { phone: '1' } } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'xy' });
  });

  it('keeps the status and code of expected errors', async () => {
    const res = await app.inject('/taken');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Only 2 left in stock.', code: 'OUT_OF_STOCK' });
  });

  it('never leaks an unexpected error to the client', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error.' });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await app.inject({
      method: 'POST', url: '/things/', payload: '{"name":', headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
  });
});
