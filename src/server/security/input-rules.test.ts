import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '#contracts/fields';
import { nextIp } from '../test/auth-fixtures.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

let s: StaffApp<'fulfilment'>;
beforeAll(async () => {
  s = await staffApp(['fulfilment']);
});
afterAll(() => s.t.close());

const BIG = MAX_ID + 1;

describe('inputs no route may take', () => {
  it('ids past PostgreSQL integer, huge prices and NUL bytes answer 400 with the field named', async () => {
    const cases = [
      { method: 'GET', url: `/api/products/categories/${BIG}/`, field: 'id' },
      { method: 'GET', url: '/api/products/?min_price=1e20', field: 'min_price' },
      { method: 'GET', url: '/api/products/?search=a%00b', field: 'search' },
      { method: 'PATCH', url: `/api/cart/items/${BIG}/`, headers: s.buyer, payload: { quantity: 1 }, field: 'id' },
      { method: 'POST', url: `/api/wishlist/${BIG}`, headers: s.buyer, field: 'productId' },
      { method: 'GET', url: `/api/reorder-lists/${BIG}`, headers: s.buyer, field: 'id' },
      { method: 'GET', url: '/api/orders/?search=a%00b', headers: s.buyer, field: 'search' },
      { method: 'GET', url: '/api/inventory/items/?search=a%00b', headers: s.staff.fulfilment, field: 'search' },
      { method: 'POST', url: '/api/search', payload: { query: 'forceps\u0000' }, field: 'query' },
      { method: 'PUT', url: '/api/auth/profile/', headers: s.buyer, payload: { first_name: 'A\u0000' }, field: 'first_name' },
      { method: 'PUT', url: '/api/auth/profile/', headers: s.buyer, payload: { last_name: 'x\uD800' }, field: 'last_name' },
    ] as const;
    for (const { field, ...request } of cases) {
      const res = await s.t.app.inject({ ...request, remoteAddress: nextIp() } as never);
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), request.url).toContain(field);
    }
  });

  it('single-line fields refuse CR and LF; multiline ones keep them', async () => {
    const name = await s.t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers: s.buyer, payload: { first_name: 'Ay\r\nesha' } });
    expect(name.statusCode).toBe(400);
    expect(name.json().errors.first_name).toEqual(['Enter one line of text.']);
    const city = await s.t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers: s.buyer, payload: { profile: { address: '12 Mall Road\nLahore' } } });
    expect(city.statusCode).toBe(400);
    expect(city.json().errors).toHaveProperty(['profile.address']);
    const contact = await s.t.app.inject({
      method: 'POST', url: '/api/contact/', remoteAddress: nextIp(),
      payload: { first_name: 'Ayesha', last_name: 'Khan', email: 'a@example.com', subject: 'general', message: 'Line one,\nline two.\r\nThanks', consent: true },
    });
    expect(contact.statusCode, contact.body).toBe(201);
  });

  it('signed-in answers are never kept by a cache; anonymous catalogue answers keep theirs', async () => {
    const anonymous = await s.t.app.inject({ method: 'GET', url: '/api/products/categories/' });
    expect(anonymous.headers['cache-control']).not.toBe('no-store');
    const signedIn = await s.t.app.inject({ method: 'GET', url: '/api/products/categories/', headers: s.buyer });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const me = await s.t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: s.buyer });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('the profile takes the camelCase names the spec allows as well as snake_case', async () => {
    const res = await s.t.app.inject({
      method: 'PUT', url: '/api/auth/profile/', headers: s.buyer, payload: { firstName: 'Camel', lastName: 'Case', profile: { specialty: 'cardiology' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Camel', last_name: 'Case' });
    const both = await s.t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers: s.buyer, payload: { first_name: 'Snake', firstName: 'Camel' } });
    expect(both.json().first_name).toBe('Snake');
  });
});
