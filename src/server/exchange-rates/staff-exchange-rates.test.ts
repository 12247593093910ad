import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRate } from '#contracts/exchange-rates';
import { auditLog } from '../db/schema/audit.ts';
import { exchangeRates } from '../db/schema/payments.ts';
import type { CommerceTestApp } from '../test/commerce-fixtures.ts';
import { staffApp } from '../test/staff-app.ts';

type Headers = Record<string, string>;

let t: CommerceTestApp;
let catalogue: Headers;
let owner: Headers;
let fulfilment: Headers;
let buyer: Headers;
let kelly: number;

beforeAll(async () => {
  ({ t, kelly, buyer, staff: { catalogue, owner, fulfilment } } = await staffApp(['catalogue', 'owner', 'fulfilment']));
});
afterAll(() => t.close());

const URL = '/api/staff/exchange-rates/';
const list = async () => (await t.app.inject({ method: 'GET', url: URL, headers: catalogue })).json<{ rates: StaffRate[] }>().rates;
const set = (currency: string, payload: unknown, headers = catalogue) =>
  t.app.inject({ method: 'PUT', url: `${URL}${currency}/`, headers, payload: payload as Record<string, unknown> });
const stored = async (currency: string) => (await t.database.db.select().from(exchangeRates)
  .where(and(eq(exchangeRates.base, 'USD'), eq(exchangeRates.quote, currency))))[0]?.rate;
const trailLength = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'exchange_rate'))).length;

describe('/api/staff/exchange-rates/', () => {
  it('is for catalogue staff and the owner, never stored by a browser', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const headers of [buyer, fulfilment]) {
      expect((await t.app.inject({ method: 'GET', url: URL, headers })).statusCode).toBe(403);
      expect((await set('PKR', { rate: '300' }, headers)).statusCode).toBe(403);
    }
    const res = await t.app.inject({ method: 'GET', url: URL, headers: owner });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<{ rates: StaffRate[] }>().rates.map((r) => [r.currency, r.rate, r.history])).toEqual([
      ['PKR', '278.5000', []], ['EUR', '0.9200', []],
    ]);
    expect(await stored('PKR')).toBe('278.5000');
  });

  it('refuses a rate that is not positive, has over 4 decimals, or lies outside sane bounds, writing nothing', async () => {
    const refusals: [string, unknown][] = [
      ['PKR', { rate: '0' }], ['PKR', { rate: '-280' }], ['PKR', { rate: '280.12345' }], ['PKR', { rate: 'abc' }], ['PKR', { rate: 280 }],
      ['PKR', {}], ['PKR', { rate: '2.785' }], ['PKR', { rate: '27850' }], ['EUR', { rate: '92' }], ['EUR', { rate: '0.0001' }],
    ];
    for (const [currency, body] of refusals) {
      const res = await set(currency, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['rate']);
    }
    expect((await set('PKR', { rate: '2.785' })).json().errors.rate).toEqual(['Enter a USD to PKR rate between 50 and 1000.']);
    expect((await set('GBP', { rate: '0.79' })).statusCode).toBe(400);
    expect((await set('USD', { rate: '1' })).statusCode).toBe(400);
    expect(await stored('PKR')).toBe('278.5000');
    expect(await trailLength()).toBe(0);
  });

  it('sets a rate, records who changed it from what to what, and lists the history newest first', async () => {
    const res = await set('PKR', { rate: '281.25' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      currency: 'PKR', rate: '281.2500', history: [{ by: 'catalogue@staff.example', from: '278.5000', to: '281.2500' }],
    });
    await set('PKR', { rate: '282.1234' }, owner);
    const [pkr, eur] = await list();
    expect(pkr.history.map((h) => [h.by, h.from, h.to])).toEqual([
      ['owner@staff.example', '281.2500', '282.1234'], ['catalogue@staff.example', '278.5000', '281.2500'],
    ]);
    expect(Date.parse(pkr.updated_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(eur.history).toEqual([]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'exchange_rate')).limit(1);
    expect(entry).toMatchObject({ action: 'exchange_rate.update', entityId: 'PKR', before: { rate: '278.5000' }, after: { rate: '281.2500' } });
  });

  it('is what the storefront and the cart use on their next request', async () => {
    const pub = await t.app.inject({ method: 'GET', url: '/api/exchange-rates' });
    expect(pub.headers['cache-control']).toBe('no-cache');
    expect(pub.json().rates.PKR).toBe('282.1234');
    expect(await set('EUR', { rate: '0.95' })).toMatchObject({ statusCode: 200 });
    expect((await t.app.inject({ method: 'GET', url: '/api/exchange-rates' })).json().rates.EUR).toBe('0.9500');

    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: kelly, quantity: 1 } });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json();
    expect(cart.exchange_rate).toBe('282.1234');
  });
});
