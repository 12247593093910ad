import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ALLOWLIST: '10.200.0.1' } });
});
afterAll(() => t.close());

const login = (remoteAddress: string, i: number) => t.app.inject({
  method: 'POST', url: '/api/auth/login/', remoteAddress,
  payload: { email: `nobody${i}@example.com`, password: 'Not-the-password' },
});

describe('RATE_LIMIT_ALLOWLIST', () => {
  it('exempts the listed addresses and only them', async () => {
    for (let i = 0; i < 12; i++) expect((await login('10.200.0.1', i)).statusCode).toBe(401);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await login('10.200.0.2', i)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
