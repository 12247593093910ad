import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, nextIp } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const SQL = "Robert'); DROP TABLE products;--";
const SCRIPT = '<script>alert(1)</script><img src=x onerror=alert(2)>';

let t: TestApp;
let buyer: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000 },
    { name: 'Iris Scissors <Curved> & Fine', category: 'general-surgery', priceCents: 1_000 },
  ]);
  buyer = await createTestUser(t.database.db, { email: 'buyer@example.com' });
  await insertOrder(t.database.db, buyer.user.id, [{ productId: products[0].id }]);
});
afterAll(() => t.close());

describe('hostile input', () => {
  it('search: SQL and markup are only text; the highlights the server marks up are escaped', async () => {
    for (const query of [SQL, SCRIPT, "scissors' OR '1'='1", `mayo <b>scissors</b> ${SCRIPT}`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query } });
      expect(res.statusCode, res.body).toBe(200);
      const highlights: string[] = res.json().results.flatMap((r: { highlights: string[] }) => r.highlights);
      for (const highlight of highlights) expect(highlight.replaceAll(/<\/?mark>/g, '')).not.toContain('<');
    }
    const marked = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'iris scissors curved' } });
    const iris = marked.json().results.find((r: { name: string }) => r.name === 'Iris Scissors <Curved> & Fine');
    expect(iris.highlights.join(' ')).toContain('&lt;');
    expect(iris.highlights.join(' ')).not.toContain('<Curved>');
    const list = await t.app.inject({ method: 'GET', url: `/api/products/?search=${encodeURIComponent(SQL)}` });
    expect(list.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/' })).json().count).toBe(2);
  });

  it('reviews keep script text verbatim as JSON data, never as markup the server made', async () => {
    const created = await t.app.inject({
      method: 'POST', url: '/api/products/mayo-scissors/reviews/', headers: buyer.headers,
      payload: { rating: 5, title: SCRIPT.slice(0, 40), body: `${SCRIPT} ${SQL}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/products/mayo-scissors/reviews/' })).json();
    expect(JSON.stringify(listed)).toContain(JSON.stringify(`${SCRIPT} ${SQL}`).slice(1, -1));
    expect((await t.app.inject({ method: 'GET', url: '/api/products/' })).json().count).toBe(2);
  });

  it('contact and profile fields store the payload as text', async () => {
    const contact = await t.app.inject({
      method: 'POST', url: '/api/contact/', remoteAddress: nextIp(),
      payload: { first_name: SQL.slice(0, 30), last_name: SCRIPT.slice(0, 60), email: 'a@example.com', subject: 'general', message: `${SCRIPT} ${SQL}`, consent: true },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const profile = await t.app.inject({
      method: 'PUT', url: '/api/auth/profile/', headers: buyer.headers,
      payload: { last_name: SCRIPT.slice(0, 60), profile: { address: SQL } },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: buyer.headers })).json();
    expect(me.last_name).toBe(SCRIPT.slice(0, 60));
    expect(me.profile.address).toBe(SQL);
  });

  it('refuses bodies over the limit with 413 and malformed JSON with 400, as JSON', async () => {
    const huge = await t.app.inject({
      method: 'POST', url: '/api/contact/', remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('detail');
    const malformed = await t.app.inject({
      method: 'POST', url: '/api/search', headers: { 'content-type': 'application/json' }, payload: '{"query": "forceps"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('detail');
  });
});
