import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestMailer } from '../test/test-mailer.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let database: Database;
const processes: { app: FastifyInstance; redis: Redis }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i++) {
    const redis = new Redis(REDIS_URL);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED: 'none' }, 'test'), database, mailer: createTestMailer(),
      jwtSecret: TEST_JWT_SECRET, publicUrl: TEST_PUBLIC_URL, rateLimitRedis: redis,
    });
    processes.push({ app, redis });
  }
});
afterAll(async () => {
  for (const { app, redis } of processes) {
    await app.close();
    redis.disconnect();
  }
  await database.close();
});

describe('rate limits with REDIS_URL', () => {
  it('are shared by every API process', async () => {
    const remoteAddress = `10.${randomInt(100, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
    // Redis outlives the run: accounts never tried before, so an earlier run's per-account counts do not apply.
    const run = randomInt(1e9);
    const login = (i: number) => processes[i % 2].app.inject({
      method: 'POST', url: '/api/auth/login/', remoteAddress,
      payload: { email: `nobody${i}-${run}@example.com`, password: 'Not-the-password' },
    });
    for (let i = 0; i < 10; i++) expect((await login(i)).statusCode).toBe(401);
    expect((await login(10)).statusCode).toBe(429);
    expect((await login(11)).statusCode).toBe(429);
  });
});
