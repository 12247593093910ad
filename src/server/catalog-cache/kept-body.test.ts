import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { describe, expect, it } from 'vitest';
import { keptBody, preferredEncoding, sendKeptBody } from './kept-body.ts';

describe('preferredEncoding', () => {
  it('takes Brotli before gzip, and neither when refused or not offered', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate, identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding(' GZIP ')).toBe('gzip');
  });
});

describe('sendKeptBody', () => {
  const text = JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Mayo Scissors ${i}` })) });
  async function appWith(body = keptBody(text)) {
    const app = Fastify();
    await app.register(compress, { threshold: 1024 });
    app.get('/kept', async (_request, reply) => sendKeptBody(reply.header('vary', 'Authorization'), body, 'application/json; charset=utf-8'));
    return { app, body };
  }

  it('compresses a kept body once, then sends that form to every request that accepts it', async () => {
    const { app, body } = await appWith();
    const first = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Authorization, Accept-Encoding');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(text);
    const kept = await body.encoded.br!;
    const again = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip, br' } });
    expect(again.rawPayload.equals(kept)).toBe(true);
    expect(await body.encoded.br!).toBe(kept);

    const zipped = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(text);

    const plain = await app.inject({ url: '/kept' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  });

  it('answers 304 to a client holding the same body, with its ETag', async () => {
    const { app, body } = await appWith();
    const first = await app.inject({ url: '/kept' });
    expect(first.headers.etag).toBe(body.etag);
    const again = await app.inject({ url: '/kept', headers: { 'if-none-match': body.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ url: '/kept', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('sends a small body as it is', async () => {
    const { app, body } = await appWith(keptBody('{"count":0}'));
    const answer = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('{"count":0}');
    expect(body.encoded).toEqual({});
  });
});
