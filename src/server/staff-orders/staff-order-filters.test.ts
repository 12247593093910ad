import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderList } from '#contracts/orders';
import { orders } from '../db/schema/orders.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

let s: StaffApp<'catalogue' | 'support'>;
const numbers: Record<'amna' | 'omar' | 'bilal', string> = { amna: '', omar: '', bilal: '' };

beforeAll(async () => {
  s = await staffApp(['catalogue', 'support']);
  const { db } = s.t.database;
  const placed = [
    { who: 'amna', first: 'Amna', last: 'Riaz', email: 'amna@alshifa.example', country: 'PK', paid: 'paid', status: 'confirmed', at: '2026-03-10T10:00:00Z' },
    { who: 'omar', first: 'Omar', last: 'Saleh', email: 'omar@dubai.example', country: 'AE', paid: 'paid', status: 'shipped', at: '2026-03-12T23:59:59Z' },
    { who: 'bilal', first: 'Bilal', last: 'Ahmed', email: 'bilal@services.example', country: 'PK', paid: 'awaiting_payment', status: 'confirmed', at: '2026-03-13T00:00:00Z' },
  ] as const;
  for (const order of placed) {
    const row = await insertOrder(db, s.buyerId, [{ productId: s.kelly, variantId: s.kellyVariant }]);
    await db.update(orders).set({
      firstName: order.first, lastName: order.last, email: order.email, country: order.country, paymentStatus: order.paid, status: order.status,
      createdAt: new Date(order.at),
    }).where(eq(orders.id, row.id));
    numbers[order.who] = row.orderNumber;
  }
});
afterAll(() => s.t.close());

const list = (query: string, headers = s.staff.support) => s.t.app.inject({ method: 'GET', url: `/api/staff/orders/?${query}`, headers });
const found = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderList>().orders.map((order) => order.orderNumber).sort();
};
const only = (...who: (keyof typeof numbers)[]) => who.map((name) => numbers[name]).sort();

describe('filtering the staff orders list', () => {
  it('by status and by payment state', async () => {
    expect(await found('status=shipped')).toEqual(only('omar'));
    expect(await found('payment_status=awaiting_payment')).toEqual(only('bilal'));
    expect(await found('payment_status=paid&status=confirmed')).toEqual(only('amna'));
  });

  it('by the days placed, both ends inclusive (UTC)', async () => {
    expect(await found('from=2026-03-12&to=2026-03-12')).toEqual(only('omar'));
    expect(await found('from=2026-03-13')).toEqual(only('bilal'));
    expect(await found('to=2026-03-10')).toEqual(only('amna'));
    expect(await found('from=2026-03-10&to=2026-03-13')).toEqual(only('amna', 'omar', 'bilal'));
  });

  it('by the ship-to country, in either case', async () => {
    expect(await found('country=ae')).toEqual(only('omar'));
    expect(await found('country=PK&payment_status=paid')).toEqual(only('amna'));
  });

  it('searching the order number, the buyer\'s email and the buyer\'s name', async () => {
    expect(await found(`search=${numbers.amna.slice(3).toLowerCase()}`)).toEqual(only('amna'));
    expect(await found('search=OMAR%40DUBAI')).toEqual(only('omar'));
    expect(await found('search=bilal%20ahmed')).toEqual(only('bilal'));
    expect(await found('search=riaz')).toEqual(only('amna'));
    expect(await found('search=nobody')).toEqual([]);
  });

  it('answers 400 naming the field for a filter it cannot use', async () => {
    for (const [query, field] of [
      ['payment_status=bogus', 'payment_status'], ['from=2026-02-30', 'from'], ['to=yesterday', 'to'], ['country=ZZ', 'country'],
      ['from=2026-03-13&to=2026-03-12', 'to'], ['page=0', 'page'], ['status=lost', 'status'],
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });

  it('is for roles that read orders', async () => {
    expect((await list('country=PK', s.staff.catalogue)).statusCode).toBe(403);
    expect((await list('country=PK', s.buyer)).statusCode).toBe(403);
  });
});
