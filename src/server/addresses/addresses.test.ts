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

  it('checks the postal code by the country’s rule, and the country itself', async () => {
    for (const [fields, errors] of [
      [{ postalCode: '5400' }, { postalCode: ['Enter a valid postal code, such as 54000.'] }],
      [{ country: 'US', postalCode: '1000' }, { postalCode: ['Enter a valid postal code, such as 10001 or 10001-1234.'] }],
      [{ country: 'AE', postalCode: '12345' }, { postalCode: ['Leave the postal code empty: this country does not use them.'] }],
      [{ country: 'XX' }, { country: ['Choose a country.'] }],
    ] as const) {
      const res = await create(home(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const dubai = await create(home({ country: 'ae', postalCode: '', city: 'Dubai' }));
    expect(dubai.json()).toMatchObject({ country: 'AE', postalCode: '' });
    const london = await create(home({ country: 'GB', postalCode: 'sw1a 1aa', city: 'London' }));
    expect(london.json()).toMatchObject({ country: 'GB', postalCode: 'SW1A 1AA' });
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/addresses/${london.json().id}/`, headers: ayesha, payload: { country: 'DE' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ postalCode: ['Enter a valid postal code, such as 10115.'] });
    const berlin = await t.app.inject({
      method: 'PATCH', url: `/api/addresses/${london.json().id}/`, headers: ayesha, payload: { country: 'DE', postalCode: '10115', city: 'Berlin' },
    });
    expect(berlin.json()).toMatchObject({ country: 'DE', postalCode: '10115', city: 'Berlin' });
    for (const { id } of [dubai.json(), london.json()]) await t.app.inject({ method: 'DELETE', url: `/api/addresses/${id}/`, headers: ayesha });
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
