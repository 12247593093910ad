import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { staffApp } from '../test/staff-app.ts';

let t: CommerceTestApp;
let productId: number;
let categoryId: number;
let owner: Record<string, string>;
let packer: Record<string, string>;

beforeAll(async () => {
  ({ t, kelly: productId, categoryId, staff: { owner, fulfilment: packer } } = await staffApp(['owner', 'fulfilment'], { priceCents: 1_800, stock: 20 }));
});
afterAll(() => t.close());

/** The record before and after, as each test reads it: a row, a row with its price list, or a list of rows. */
type Snapshot = Record<string, number | string | boolean> & { prices: unknown[] } & Record<number, Record<string, number>>;
interface Entry { action: string; actor: { email: string }; entityId: string; label: string | null; before: Snapshot; after: Snapshot }

const trail = async (query: string, headers = owner) => {
  const res = await t.app.inject({ url: `/api/staff/audit/?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: Entry[] };
};

describe('the audit trail', () => {
  it('records a stock movement and a threshold with who made them and the stock before and after', async () => {
    const moved = await t.app.inject({
      method: 'POST', url: `/api/inventory/${productId}/movements/create/`, headers: packer,
      payload: { kind: 'receive', quantity: 5, reason: 'Delivery 118' },
    });
    expect(moved.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/inventory/${productId}/threshold/`, headers: packer, payload: { lowStockThreshold: 8 } })).statusCode)
      .toBe(200);
    const { results } = await trail(`entity=product_stock&id=${productId}`);
    expect(results.map((entry) => [entry.action, entry.actor.email, entry.label])).toEqual([
      ['stock.threshold', 'fulfilment@staff.example', 'Kelly Hemostat'], ['stock.receive', 'fulfilment@staff.example', 'Kelly Hemostat'],
    ]);
    const [threshold, movement] = results;
    expect([movement.before[0].currentStock, movement.after[0].currentStock]).toEqual([20, 25]);
    expect([threshold.before[0].lowStockThreshold, threshold.after[0].lowStockThreshold]).toEqual([5, 8]);
  });

  it('records price tiers, a flash sale from creation to its end, and a category made restricted', async () => {
    expect((await t.app.inject({
      method: 'PUT', url: `/api/staff/products/${productId}/price-tiers/`, headers: owner,
      payload: { tiers: [{ min_quantity: 10, unit_price: '15.00' }] },
    })).statusCode).toBe(200);
    const sale = await t.app.inject({
      method: 'POST', url: '/api/staff/flash-sales/', headers: owner,
      payload: { productId, salePrice: '12.00', startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(sale.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/flash-sales/${sale.json().id}/end/`, headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({
      method: 'PATCH', url: `/api/staff/restricted-categories/${categoryId}/`, headers: owner, payload: { restricted: true },
    })).statusCode).toBeLessThan(300);

    const [tiers] = (await trail(`entity=product_price_tiers&id=${productId}`)).results;
    expect(tiers).toMatchObject({ action: 'price_tiers.set', label: 'Kelly Hemostat', before: [], after: [{ minQuantity: 10, unitPriceCents: 1500 }] });
    const sales = (await trail(`entity=flash_sale&id=${sale.json().id}`)).results;
    expect(sales.map((entry) => entry.action)).toEqual(['flash_sale.end', 'flash_sale.create']);
    expect(sales[0].label).toMatch(/^Kelly Hemostat \(.+\)$/);
    expect(sales[1]).toMatchObject({ before: null, after: { salePriceCents: 1200 } });
    const [category] = (await trail(`entity=category&id=${categoryId}`)).results;
    expect(category).toMatchObject({ action: 'category.restricted', before: { restricted: false }, after: { restricted: true } });
  });

  it("records an organisation's review and its price list", async () => {
    const { organisation } = await createBusinessBuyer(t.database.db, { email: 'buyer@hospital.example', status: 'pending' });
    const id = organisation!.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/organisations/${id}/approve/`, headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({
      method: 'POST', url: `/api/staff/organisations/${id}/prices/`, headers: owner, payload: { scope: 'all', kind: 'percent', value: '5' },
    })).statusCode).toBeLessThan(300);
    const { results } = await trail(`entity=organisation&id=${id}`);
    expect(results.map((entry) => entry.action)).toEqual(['organisation.price_rule.add', 'organisation.approve']);
    expect(results[0].label).toBe('Mayo Hospital');
    expect([results[1].before.status, results[1].after.status]).toEqual(['pending', 'verified']);
    expect([results[0].before.prices.length, results[0].after.prices.length]).toEqual([0, 1]);
  });

  it('records nothing when a write is refused', async () => {
    const before = (await trail('')).count;
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/inventory/${productId}/threshold/`, headers: packer, payload: { lowStockThreshold: -1 } });
    expect(refused.statusCode).toBe(400);
    expect((await trail('')).count).toBe(before);
  });

  it('filters the log by action, actor and day, newest first, and offers no way to change an entry', async () => {
    expect((await trail('action=stock.receive')).results.map((entry) => entry.action)).toEqual(['stock.receive']);
    expect((await trail('actor=fulfilment')).count).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(`from=${today}&to=${today}`)).count).toBe((await trail('')).count);
    expect((await trail('to=2000-01-01')).count).toBe(0);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/staff/audit/1/', headers: owner })).statusCode).toBe(404);
    }
    const bad = await t.app.inject({ url: '/api/staff/audit/?from=yesterday', headers: owner });
    expect(bad.statusCode).toBe(400);
  });
});
