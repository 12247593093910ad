import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '#contracts/gs1';
import { lotSerials, orderLineLots, productHandling } from '../db/schema/lots.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { daysFromToday, gs1DaysFromToday, lotsOf, lotTotals } from '../test/lot-fixtures.ts';

let t: CommerceTestApp;
let staff: Record<string, string>;
let buyer: Record<string, string>;
let screw: number;
let plate: number;
let forceps: number;
/** Each product's only variant, by product id. */
const variantOf: Record<number, number> = {};

const gtin = (n: number) => {
  const first13 = `0896000${String(n).padStart(6, '0')}`;
  return `${first13}${gtinCheckDigit(first13)}`;
};

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { products } = await insertCatalogue(t.database.db, ['orthopedics', 'general-surgery'], [
    { name: 'Cortical Bone Screw', category: 'orthopedics', priceCents: 2500, stock: 2 },
    { name: 'Compression Plate', category: 'orthopedics', priceCents: 12000, stock: 0 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 1800, stock: 6 },
  ]);
  [screw, plate, forceps] = products.map((p) => p.id);
  for (const product of products) variantOf[product.id] = product.variantId;
  await t.database.db.insert(productHandling).values([
    { productId: screw, sterile: true, singleUse: true, latexFree: true },
    { productId: plate, sterile: true, latexFree: true },
  ]);
  staff = (await createTestUser(t.database.db, { email: 'stores@example.com', staffRole: 'owner' })).headers;
  buyer = (await createTestUser(t.database.db, { email: 'buyer@example.com' })).headers;
});
afterAll(() => t.close());

const receiveByScan = (productId: number, gs1: string, quantity: number, headers = staff) => t.app.inject({
  method: 'POST', url: `/api/inventory/${productId}/movements/create/`, headers, payload: { kind: 'receive', quantity, gs1 },
});

describe('receiving lots by GS1 code', () => {
  it('receives a lot from a scanned string, recording lot, expiry and GTIN', async () => {
    const response = await receiveByScan(screw, `01${gtin(1)}17${gs1DaysFromToday(60)}10SCR-A1\u001d`, 5);
    expect(response.statusCode).toBe(201);
    expect(response.json().movement).toMatchObject({ kind: 'receive', quantity: 5, reason: `Lot SCR-A1, expiry ${daysFromToday(60)}` });
    const lots = (await t.app.inject({ method: 'GET', url: `/api/lots/products/${screw}/`, headers: staff })).json().lots;
    expect(lots).toEqual([
      expect.objectContaining({ lotNumber: 'SCR-A1', expiryDate: daysFromToday(60), gtin: gtin(1), currentStock: 5, daysLeft: 60, status: 'sellable' }),
      expect.objectContaining({ lotNumber: null, expiryDate: null, currentStock: 2, daysLeft: null }),
    ]);
  });

  it('receives a serialised unit and a second carton of the same lot', async () => {
    expect((await receiveByScan(plate, `(01)${gtin(2)}(17)${gs1DaysFromToday(400)}(10)PL-7(21)SN-001`, 1)).statusCode).toBe(201);
    expect((await receiveByScan(plate, `(01)${gtin(2)}(17)${gs1DaysFromToday(400)}(10)PL-7(21)SN-002`, 1)).statusCode).toBe(201);
    const lots = (await t.app.inject({ method: 'GET', url: `/api/lots/products/${plate}/`, headers: staff })).json().lots;
    expect(lots).toEqual([expect.objectContaining({ lotNumber: 'PL-7', currentStock: 2, serialsInStock: ['SN-001', 'SN-002'] })]);
  });

  it('refuses malformed codes, bad check digits and codes that do not fit, writing nothing', async () => {
    const before = await lotTotals(t.database.db, variantOf[screw]);
    const cases: [string, number, string][] = [
      [`(01)${gtin(1).slice(0, 13)}9(10)X`, 1, 'fails its check digit'],
      [`(01)${gtin(1)}(17)261399(10)X`, 1, 'must be a date as YYMMDD'],
      ['not a code', 1, 'Unknown application identifier'],
      [`(01)${gtin(1)}(17)${gs1DaysFromToday(30)}`, 1, 'has no lot (10)'],
      [`(01)${gtin(1)}(17)${gs1DaysFromToday(-2)}(10)OLD`, 1, 'cannot be received for sale'],
      [`(01)${gtin(1)}(10)X(21)S1`, 3, 'one unit'],
      [`(01)${gtin(1)}(17)${gs1DaysFromToday(61)}(10)SCR-A1`, 1, 'already held with expiry'],
      [`(01)${gtin(2)}(10)NEW`, 1, 'belongs to another product'],
    ];
    for (const [gs1, quantity, message] of cases) {
      const response = await receiveByScan(screw, gs1, quantity);
      expect(response.statusCode, gs1).toBe(400);
      expect(response.json().errors.gs1, gs1).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
    }
    const adjust = await t.app.inject({
      method: 'POST', url: `/api/inventory/${screw}/movements/create/`, headers: staff,
      payload: { kind: 'adjust', quantity: 1, reason: 'count', gs1: `(01)${gtin(1)}(10)Z` },
    });
    expect(adjust.json().errors.gs1).toEqual(['Only received stock is scanned.']);
    expect(await lotTotals(t.database.db, variantOf[screw])).toEqual(before);
  });

  it('keeps receiving, lots and expiry alerts to staff', async () => {
    expect((await receiveByScan(screw, `(01)${gtin(1)}(10)X`, 1, buyer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/lots/products/${screw}/`, headers: buyer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/lots/expiring/', headers: buyer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/lots/expiring/' })).statusCode).toBe(401);
  });

  it('lists lots expiring within 90 days, soonest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/lots/expiring/', headers: staff });
    expect(response.json().lots.map((lot: { lotNumber: string }) => lot.lotNumber)).toEqual(['SCR-A1']);
    const longer = await t.app.inject({ method: 'GET', url: '/api/lots/expiring/?days=500', headers: staff });
    expect(longer.json().lots.map((lot: { lotNumber: string }) => lot.lotNumber)).toEqual(['SCR-A1', 'PL-7']);
    expect((await t.app.inject({ method: 'GET', url: '/api/lots/expiring/?days=0', headers: staff })).json().errors.days).toBeDefined();
  });
});

describe('order lines and lots', () => {
  it('records the lots and serials each order line shipped from, earliest expiry first', async () => {
    const order = await buyByCard(t, buyer, [{ productId: screw, quantity: 6 }, { productId: plate, quantity: 1 }]);
    const rows = await t.database.db.select().from(orderLineLots).where(eq(orderLineLots.orderId, order.orderId));
    const screwLots = await lotsOf(t.database.db, variantOf[screw]);
    const plateLots = await lotsOf(t.database.db, variantOf[plate]);
    expect(rows.map(({ variantId, lotId, quantity }) => ({ variantId, lotId, quantity }))).toEqual(expect.arrayContaining([
      { variantId: variantOf[screw], lotId: screwLots['SCR-A1'].id, quantity: 5 },
      { variantId: variantOf[screw], lotId: screwLots['(unlabelled)'].id, quantity: 1 },
      { variantId: variantOf[plate], lotId: plateLots['PL-7'].id, quantity: 1 },
    ]));
    expect(rows).toHaveLength(3);
    const serials = await t.database.db.select({ serial: lotSerials.serial }).from(lotSerials).where(eq(lotSerials.orderId, order.orderId));
    expect(serials).toEqual([{ serial: 'SN-001' }]);
    expect(screwLots).toMatchObject({ 'SCR-A1': { current: 0, reserved: 0 }, '(unlabelled)': { current: 1, reserved: 0 } });

    // Cancelling after payment puts the units back into the lots they left, and frees the serial number.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.orderId}/cancel/`, headers: staff, payload: {} });
    expect(cancel.statusCode).toBe(200);
    expect(await lotsOf(t.database.db, variantOf[screw])).toMatchObject({ 'SCR-A1': { current: 5 }, '(unlabelled)': { current: 2 } });
    const lots = (await t.app.inject({ method: 'GET', url: `/api/lots/products/${plate}/`, headers: staff })).json().lots;
    expect(lots[0].serialsInStock).toEqual(['SN-001', 'SN-002']);
    for (const id of [screw, plate]) {
      const totals = await lotTotals(t.database.db, variantOf[id]);
      expect(totals.lots).toEqual(totals.item);
    }
  });
});

describe('handling flags and the next expiry', () => {
  it('shows the flags on list items and the expiry of the lot the next order ships from', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/products/?ordering=name' })).json();
    const byName = Object.fromEntries(list.results.map((p: { name: string; handling: string[] }) => [p.name, p.handling]));
    expect(byName).toEqual({ 'Adson Forceps': [], 'Compression Plate': ['sterile', 'latex_free'], 'Cortical Bone Screw': ['sterile', 'single_use', 'latex_free'] });
    const handling = (await t.app.inject({ method: 'GET', url: '/api/products/cortical-bone-screw/handling/' })).json();
    expect(handling).toEqual({ flags: ['sterile', 'single_use', 'latex_free'], nextExpiry: daysFromToday(60) });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/adson-forceps/handling/' })).json())
      .toEqual({ flags: [], nextExpiry: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/products/no-such-thing/handling/' })).statusCode).toBe(404);
  });

  it('filters the catalogue by flags and counts them in the filters', async () => {
    const names = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/products/?ordering=name&${query}` }))
      .json().results.map((p: { name: string }) => p.name);
    expect(await names('handling=sterile')).toEqual(['Compression Plate', 'Cortical Bone Screw']);
    expect(await names('handling=sterile,single_use')).toEqual(['Cortical Bone Screw']);
    expect(await names('handling=cold_chain')).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products/?handling=shiny' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.handling).toBeDefined();
    const filters = (await t.app.inject({ method: 'GET', url: '/api/products/filters/' })).json();
    expect(filters.handling).toEqual([
      { value: 'sterile', label: 'Sterile', count: 2 },
      { value: 'single_use', label: 'Single use', count: 1 },
      { value: 'latex_free', label: 'Latex free', count: 2 },
    ]);
  });

  it('keeps the opening stock of products without lots on sale', async () => {
    const order = await buyByCard(t, buyer, [{ productId: forceps, quantity: 2 }]);
    const rows = await t.database.db.select().from(orderLineLots).where(eq(orderLineLots.orderId, order.orderId));
    expect(rows).toEqual([expect.objectContaining({ variantId: variantOf[forceps], quantity: 2 })]);
    expect(await lotsOf(t.database.db, variantOf[forceps])).toMatchObject({ '(unlabelled)': { current: 4, reserved: 0 } });
  });
});
