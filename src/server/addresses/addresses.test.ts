import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInput } from '#contracts/addresses';
import { createTestUser } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
});
afterAll(() => t.close());

const home = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  label: 'Clinic', email: 'Ayesha@Example.com', firstName: 'Ayesha', lastName: 'Khan', address: '12 Mall Road',
  city: 'Lahore', postalCode: '54000', phone: '+92 300 1234567', ...overrides,
});
const create = (payload: object, headers = ayesha) => t.app.inject({ method: 'POST', url: '/api/addresses/', headers, payload });
const list = async (headers = ayesha) => (await t.app.inject({ method: 'GET', url: '/api/addresses/', headers })).json().addresses;

describe('saved addresses', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/addresses/' })).statusCode).toBe(401);
    expect((await create(home(), {})).statusCode).toBe(401);
  });

  it('validates like the checkout shipping form', async () => {
    const res = await create({ email: 'nope', firstName: '', postalCode: '!', phone: '12' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['address', 'city', 'email', 'firstName', 'lastName', 'phone', 'postalCode']);
  });

  it('creates, edits and keeps one default per kind', async () => {
    const first = await create(home({ isDefaultShipping: true, isDefaultBilling: true }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ email: 'ayesha@example.com', company: '', isDefaultShipping: true, isDefaultBilling: true });
    const second = (await create(home({ label: 'Hospital', city: 'Karachi', isDefaultShipping: true }))).json();
    let rows = await list();
    expect(rows.filter((a: { isDefaultShipping: boolean }) => a.isDefaultShipping).map((a: { id: string }) => a.id)).toEqual([second.id]);
    expect(rows.find((a: { id: string }) => a.id === first.json().id).isDefaultBilling).toBe(true);

    const patched = await t.app.inject({
      method: 'PATCH', url: `/api/addresses/${second.id}/`, headers: ayesha, payload: { isDefaultBilling: true, city: 'Sialkot' },
    });
    expect(patched.json()).toMatchObject({ city: 'Sialkot', isDefaultBilling: true, isDefaultShipping: true, label: 'Hospital' });
    rows = await list();
    expect(rows.filter((a: { isDefaultBilling: boolean }) => a.isDefaultBilling)).toHaveLength(1);
    const badPatch = await t.app.inject({ method: 'PATCH', url: `/api/addresses/${second.id}/`, headers: ayesha, payload: { phone: 'x' } });
    expect(badPatch.json().errors).toHaveProperty('phone');
  });

  it("hides one user's addresses from another", async () => {
    const [mine] = await list();
    expect(await list(bilal)).toEqual([]);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/addresses/${mine.id}/`, headers: bilal, payload: method === 'PATCH' ? { city: 'X' } : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/addresses/${mine.id}/`, headers: ayesha })).statusCode).toBe(200);
    expect(await list()).toHaveLength(1);
  });
});
