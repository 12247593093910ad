import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineContract } from '#contracts/define';
import { atMost, message, REQUIRED } from '#contracts/issues';
import { registerErrorHandler } from './error-handler.ts';
import { apiError } from './errors.ts';
import { route } from './route.ts';

const create = defineContract({
  method: 'POST',
  path: '/things/',
  body: z.object({ name: z.string().min(2, 'Too short.'), profile: z.object({ phone: z.string() }) }),
  response: z.object({ name: z.string() }),
  status: 201,
});

const take = defineContract({ method: 'GET', path: '/taken', errors: ['OUT_OF_STOCK'], response: z.object({}) });

const signUp = defineContract({
  method: 'POST',
  path: '/sign-up/',
  body: z.object({
    email: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(254, atMost(254))
      .pipe(z.email({ message: message('invalid_email', 'Enter a valid email address.') })),
    name: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(5, atMost(5)),
    nickname: z.string().max(3),
  }),
  response: z.object({}),
});

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandler(app);
route(app, create, async (request) => ({ name: request.body.name, secret: 'dropped by the schema' }) as { name: string });
app.get('/boom', async () => {
  throw new Error('database password is hunter2');
});
route(app, take, async () => {
  throw apiError(take, 'OUT_OF_STOCK', 409, 'Only 2 left in stock.', { name: 'Mayo scissors' });
});
route(app, signUp, async () => ({}));

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('error model', () => {
  it('answers bad input with 400 and per-field lists', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/', payload: { name: 'x', profile: {} } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Validation failed',
      errors: { name: ['Too short.'], 'profile.phone': [expect.any(String)] },
      issues: { name: [{ key: 'too_short', params: { min: 2 } }], 'profile.phone': [{ key: 'invalid' }] },
    });
  });

  it('gives every field problem a message key and its parameters beside the English text', async () => {
    const res = await app.inject({
      method: 'POST', url: '/sign-up/', payload: { email: 'not-an-email', name: 'Too long', nickname: 'abcd' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Validation failed',
      errors: {
        email: ['Enter a valid email address.'],
        name: ['Enter at most 5 characters.'],
        nickname: [expect.any(String)],
      },
      issues: {
        email: [{ key: 'invalid_email' }],
        name: [{ key: 'too_long', params: { max: 5 } }],
        nickname: [{ key: 'too_long', params: { max: 3 } }],
      },
    });
    const blank = await app.inject({ method: 'POST', url: '/sign-up/', payload: { email: ' ', name: '', nickname: '' } });
    expect(blank.json().issues).toEqual({ email: [{ key: 'required' }], name: [{ key: 'required' }] });
  });

  it('refuses at compile time a code the contract does not declare', () => {
    // @ts-expect-error QUANTITY_LIMIT is not among the codes `take` declares.
    expect(apiError(take, 'QUANTITY_LIMIT', 409, 'x').code).toBe('QUANTITY_LIMIT');
    // @ts-expect-error A code that does not exist at all.
    expect(apiError(take, 'SOLD_OUT', 409, 'x').code).toBe('SOLD_OUT');
  });

  it('serialises only what the contract declares, with its status', async () => {
    const res = await app.inject({ method: 'POST', url: '/things/', payload: { name: 'xy', profile: { phone: '1' } } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'xy' });
  });

  it('keeps the status and code of expected errors', async () => {
    const res = await app.inject('/taken');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Only 2 left in stock.', code: 'OUT_OF_STOCK', params: { name: 'Mayo scissors' } });
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
