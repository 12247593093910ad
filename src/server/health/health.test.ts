import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database kind and version', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      version: 'test',
    });
  });

  it('tags every answer with a request id, reusing the caller\'s', async () => {
    const res = await t.app.inject({ url: '/api/health/', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await t.app.inject('/api/health');
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database answers, every migration is applied and the jobs run', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, jobs: true } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration of this build is missing', async () => {
    const latest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const [row] = rowsOf<{ id: number; hash: string; created_at: string }>(await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${latest} returning id, hash, created_at::text`));
    try {
      const res = await t.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', checks: { database: true, migrations: false, jobs: true } });
    } finally {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row!.id}, ${row!.hash}, ${row!.created_at}::bigint)`);
    }
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
  });
});
