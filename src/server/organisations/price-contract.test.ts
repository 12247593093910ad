import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import type { ProductDetail } from '#contracts/catalog';
import type { ErrorBody } from '#contracts/errors';
import type { Order } from '#contracts/orders';
import type { Organisation, StaffOrganisationDetail } from '#contracts/organisations';
import { auditLog } from '../db/schema/audit.ts';
import { orderItems } from '../db/schema/orders.ts';
import { organisations } from '../db/schema/organisations.ts';
import { shopDay } from '../pricing/price-contract.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { pdfText } from '../test/pdf-text.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let staff: Headers;
let buyer: Headers;
let organisationId: string;
let retractor: { id: number; slug: string };
let drill: { id: number; slug: string };

/** The shop's day `days` from today, 'YYYY-MM-DD'. */
const dayFromToday = (days: number) => {
  const day = new Date(`${shopDay(new Date())}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  ({ products: [retractor, drill] } = await insertCatalogue(db, ['general-surgery', 'orthopedics'], [
    { name: 'Weitlaner Retractor', category: 'general-surgery', priceCents: 20_000, stock: 500 },
    { name: 'Bone Drill', category: 'orthopedics', priceCents: 50_000, stock: 500 },
  ]));
  staff = (await createTestUser(db, { email: 'sales@example.com', staffRole: 'owner' })).headers;
  const hospital = await createBusinessBuyer(db, { email: 'stores@mayo.example', status: 'verified' });
  buyer = hospital.headers;
  organisationId = hospital.organisation!.id;
  const added = await t.app.inject({
    method: 'POST', url: `/api/staff/organisations/${organisationId}/prices/`, headers: staff,
    payload: { scope: 'product', product: retractor.slug, kind: 'fixed', value: '150.00' },
  });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => t.close());

const setContract = (payload: Record<string, unknown>, headers = staff) =>
  t.app.inject({ method: 'PUT', url: `/api/staff/organisations/${organisationId}/price-contract/`, headers, payload });
const cartOf = async (productId: number) => {
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json<Cart>();
  for (const item of cart.items) await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers: buyer });
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: productId, quantity: 2 } });
  return (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json<Cart>();
};
const storedContract = async () => (await t.database.db.select({
  number: organisations.priceContractNumber, startsOn: organisations.priceContractStartsOn, endsOn: organisations.priceContractEndsOn,
}).from(organisations).where(eq(organisations.id, organisationId)))[0];

describe('staff setting the contract of a price list', () => {
  it('keeps the number and dates, answers them on the organisation, and records the change in the audit trail', async () => {
    const response = await setContract({ number: ' MH-2026-14 ', starts_on: dayFromToday(-30), ends_on: dayFromToday(30) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StaffOrganisationDetail>().organisation.price_contract)
      .toEqual({ number: 'MH-2026-14', starts_on: dayFromToday(-30), ends_on: dayFromToday(30), in_force: true });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'organisation.price_contract'));
    expect(entry).toMatchObject({ entity: 'organisation', entityId: organisationId });
    expect(entry.after).toMatchObject({ priceContractNumber: 'MH-2026-14', priceContractEndsOn: dayFromToday(30) });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/organisations/mine/', headers: buyer })).json<{ organisation: Organisation }>();
    expect(mine.organisation.price_contract).toMatchObject({ number: 'MH-2026-14', in_force: true });
  });

  it('answers 400 per field for an end before the start, a long number or a day that is not one, and writes nothing', async () => {
    const before = await storedContract();
    const audits = (await t.database.db.select().from(auditLog)).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ number: 'X', starts_on: '2026-12-10', ends_on: '2026-12-09' }, 'ends_on', /cannot end before it starts/],
      [{ number: 'C'.repeat(61), starts_on: null, ends_on: null }, 'number', /at most 60/],
      [{ number: 'X', starts_on: '2026-02-30', ends_on: null }, 'starts_on', /real date/],
      [{ number: 'X', starts_on: null, ends_on: '31/12/2026' }, 'ends_on', /^Enter a date as YYYY-MM-DD.$/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await setContract(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ErrorBody>().errors?.[field]?.join(' '), response.body).toMatch(message);
    }
    expect(await storedContract()).toEqual(before);
    expect((await t.database.db.select().from(auditLog)).length).toBe(audits);
  });

  it('is for sales staff only', async () => {
    expect((await setContract({ number: 'X', starts_on: null, ends_on: null }, buyer)).statusCode).toBe(403);
    expect((await storedContract()).number).toBe('MH-2026-14');
  });
});

describe('prices under a contract', () => {
  it('apply within the dates, and the cart line names the contract', async () => {
    await setContract({ number: 'MH-2026-14', starts_on: dayFromToday(0), ends_on: dayFromToday(0) });
    const cart = await cartOf(retractor.id);
    expect(cart.items[0]).toMatchObject({ unit_price: '150.00', total_price: '300.00', contract_number: 'MH-2026-14' });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${retractor.slug}/`, headers: buyer })).json<ProductDetail>().price).toBe('150.00');
    // A line the price list does not price names no contract.
    expect((await cartOf(drill.id)).items[0]).toMatchObject({ unit_price: '500.00', contract_number: '' });
  });

  it('do not apply before the contract starts nor after it ends: list prices, for the cart and the product page alike', async () => {
    for (const [starts, ends] of [[1, 30], [-30, -1]]) {
      await setContract({ number: 'MH-2026-14', starts_on: dayFromToday(starts), ends_on: dayFromToday(ends) });
      const cart = await cartOf(retractor.id);
      expect(cart.items[0], `${starts}..${ends}`).toMatchObject({ unit_price: '200.00', contract_number: '' });
      const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${retractor.slug}/`, headers: buyer })).json<ProductDetail>();
      expect(detail.price).toBe('200.00');
      const listing = await t.app.inject({ method: 'GET', url: '/api/products/?category=general-surgery', headers: buyer });
      expect(listing.json<{ results: { id: number; price: string }[] }>().results.find((item) => item.id === retractor.id)?.price).toBe('200.00');
    }
    const mine = (await t.app.inject({ method: 'GET', url: '/api/organisations/mine/', headers: buyer })).json<{ organisation: Organisation }>();
    expect(mine.organisation.price_contract.in_force).toBe(false);
  });

  it('apply always without dates, naming no contract when it has no number', async () => {
    await setContract({ number: '', starts_on: null, ends_on: null });
    expect((await cartOf(retractor.id)).items[0]).toMatchObject({ unit_price: '150.00', contract_number: '' });
  });

  it('name the contract on the order’s lines, its page and its invoice', async () => {
    await setContract({ number: 'MH-2026-14', starts_on: dayFromToday(-1), ends_on: null });
    await cartOf(retractor.id);
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json<Cart>();
    for (const item of cart.items) await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers: buyer });
    const { orderId } = await buyByCard(t, buyer, [{ productId: retractor.id, quantity: 2 }, { productId: drill.id, quantity: 1 }]);
    const rows = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(rows.map((row) => [row.productId, row.unitPriceCents, row.contractNumber]).sort())
      .toEqual([[retractor.id, 15_000, 'MH-2026-14'], [drill.id, 50_000, '']].sort());
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: buyer })).json<{ orders: Order[] }>()
      .orders.find((o) => o.id === orderId)!;
    expect(order.items.map((item) => [item.productId, item.contractNumber]).sort()).toEqual([[retractor.id, 'MH-2026-14'], [drill.id, '']].sort());
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: buyer });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Contract MH-2026-14');
    expect(text.match(/Contract MH-2026-14/g)).toHaveLength(1);
  });
});
