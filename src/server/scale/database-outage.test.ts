import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestMailer } from '../test/test-mailer.ts';

// A database server that goes away is a networked database's failure; PGlite lives inside the process.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let owner: Database & { url?: string };
let proxy: TcpProxy;
let viaProxy: Database;
let app: FastifyInstance;

beforeAll(async () => {
  if (!onPostgres) return;
  owner = await createTestDatabase();
  await insertCatalogue(owner.db, ['general-surgery'], [{ name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1500, stock: 4 }]);
  const url = new URL(owner.url!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  viaProxy = await openPostgres(url.toString(), { max: 2 });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SEED: 'none' }, 'test'), database: viaProxy, mailer: createTestMailer(),
    jwtSecret: TEST_JWT_SECRET, publicUrl: TEST_PUBLIC_URL,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await viaProxy?.close().catch(() => {});
  await proxy?.close();
  await owner?.close();
});

describe.skipIf(!onPostgres)('the database going away', () => {
  it('answers 503 with Retry-After while it is gone, and serves again once it is back, without a restart', async () => {
    const list = () => app.inject({ method: 'GET', url: '/api/products/?search=mayo' });
    expect((await list()).statusCode).toBe(200);

    await proxy.cut();
    const during = await app.inject({ method: 'GET', url: '/api/products/?search=scissors' });
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.json()).toEqual({ detail: 'The shop is briefly unavailable. Please try again in a moment.' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    await proxy.restore();
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/products/?search=scissors' })).statusCode,
      { timeout: 10_000 }).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('holds no request back while it stays gone: each check in a row answers 503, however many failed before', async () => {
    await proxy.cut();
    // Every failed connection attempt lengthens the pause before the next; grown unbounded, these wait minutes in all.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    expect(statuses).toEqual(Array(10).fill(503));
    await proxy.restore();
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
