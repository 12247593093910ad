import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
const statements: string[] = [];
const freeShipping = async () => {
  const response = await t.app.inject({ url: '/api/shipping/free-shipping/' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ threshold: string | null }>().threshold;
};

beforeAll(async () => {
  t = await createCommerceTestApp({ observer: { onQuery: (statement) => statements.push(statement) } });
});
afterAll(() => t.close());

describe('GET /api/shipping/free-shipping/', () => {
  it('is kept with the catalogue, so the pages that show it are kept, and follows a change of the standard method at once', async () => {
    const before = await freeShipping();
    expect(before).not.toBeNull();
    statements.length = 0;
    expect(await freeShipping()).toBe(before);
    expect(statements.filter((statement) => statement.includes('shipping'))).toEqual([]);

    await t.database.db.execute(sql`update shipping_methods set free_over_cents = free_over_cents + 10000 where free_over_cents is not null`);
    expect(Number(await freeShipping())).toBe(Number(before) + 100);
    await t.database.db.execute(sql`update shipping_methods set free_over_cents = null`);
    expect(await freeShipping()).toBeNull();
  });
});
