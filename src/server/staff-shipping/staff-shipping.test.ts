import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, StaffShippingMethod, StaffShippingZone, ZoneInput } from '#contracts/staff-shipping';
import { auditLog } from '../db/schema/audit.ts';
import { orders } from '../db/schema/orders.ts';
import { shippingMethods } from '../db/schema/shipping.ts';
import type { CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { staffApp } from '../test/staff-app.ts';

type Headers = Record<string, string>;

let t: CommerceTestApp;
let catalogue: Headers;
let owner: Headers;
let support: Headers;
let buyer: Headers;
let kelly: number;

beforeAll(async () => {
  ({ t, kelly, buyer, staff: { catalogue, owner, support } } = await staffApp(['catalogue', 'owner', 'support']));
});
afterAll(() => t.close());

const ZONES = '/api/staff/shipping/zones/';
const METHODS = '/api/staff/shipping/methods/';

const centralAsia = (overrides: Partial<ZoneInput> = {}): ZoneInput => ({ name: 'Central Asia', countries: ['kz', 'UZ'], ...overrides });
const dhl = (overrides: Partial<MethodInput> = {}): MethodInput => ({
  name: 'DHL Express Worldwide', carrier: 'dhl_express', service_code: 'P',
  weight_bands: [{ up_to_grams: 500, price: '48' }, { up_to_grams: 2_000, price: '79.50' }],
  days_min: 3, days_max: 6, ...overrides,
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers: Headers = catalogue) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function ok<T>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

const zones = async () => (await ok<{ zones: StaffShippingZone[] }>('GET', ZONES)).zones;
const createZone = (zone: unknown) => ok<StaffShippingZone>('POST', ZONES, zone, 201);
const createMethod = (zoneId: number, method: unknown) => ok<StaffShippingMethod>('POST', `${ZONES}${zoneId}/methods/`, method, 201);

/** The 400's messages by field. */
async function refused(method: Method, url: string, payload: unknown): Promise<Record<string, string[]>> {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(400);
  return res.json<{ errors: Record<string, string[]> }>().errors;
}

const shippingOptions = async (country: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart/shipping-options/?country=${country}`, headers: buyer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ options: { id: number; name: string; price: string; cod: boolean }[]; zone: { name: string; tax_rate: string } | null }>();
};

const trail = async (entity: string, id: number) => (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id))))
  .filter((row) => row.entity === entity).map((row) => row.action);

describe('/api/staff/shipping/', () => {
  it('is for catalogue staff and the owner, never stored by a browser', async () => {
    const routes: [Method, string][] = [
      ['GET', ZONES], ['POST', ZONES], ['PATCH', `${ZONES}1/`], ['DELETE', `${ZONES}1/`], ['POST', `${ZONES}1/methods/`],
      ['PATCH', `${METHODS}1/`], ['DELETE', `${METHODS}1/`],
    ];
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode).toBe(401);
      for (const headers of [buyer, support]) expect((await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, headers)).statusCode).toBe(403);
    }
    const res = await call('GET', ZONES, undefined, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists the Pakistan zone every shop starts with, at the shop’s tax rate', async () => {
    expect(await zones()).toEqual([{
      id: expect.any(Number), name: 'Pakistan', countries: ['PK'], provinces: [], cities: [], rest_of_world: false, tax_rate: null,
      methods: [{
        id: expect.any(Number), zone_id: expect.any(Number), position: 0, name: 'Standard', carrier: 'other', service_code: 'standard',
        weight_bands: [], flat_price: '75.00', free_over: '500.00', days_min: 3, days_max: 5, cod_allowed: false, cod_limit: null,
        cod_fee: '0.00', active: true,
      }],
    }]);
  });

  it('refuses a bad zone field by field and writes nothing', async () => {
    expect(await refused('POST', ZONES, { name: ' ', countries: ['XX', 'PK'], tax_rate: '101' })).toEqual({
      name: ['This field is required.'],
      tax_rate: ['Enter a rate in percent from 0 to 100, such as 17.00, or leave it empty for the shop’s rate.'],
      countries: ['Enter ISO country codes, such as PK or DE: XX is not one.'],
    });
    expect(await refused('POST', ZONES, centralAsia({ tax_rate: '17.005' }))).toHaveProperty('tax_rate');
    expect(await refused('POST', ZONES, centralAsia({ countries: [] }))).toEqual({
      countries: ['Enter at least one country, or make this the rest-of-world zone.'],
    });
    expect(await refused('POST', ZONES, centralAsia({ provinces: ['PK-SD'] }))).toEqual({
      provinces: ['Provinces are Pakistan’s: give them in a zone whose only country is Pakistan (PK).'],
    });
    expect(await refused('POST', ZONES, { name: 'Punjab', countries: ['PK'], provinces: ['PK-XX'] })).toEqual({
      provinces: ['Choose Pakistan’s provinces by their codes, such as PK-SD: PK-XX is not one.'],
    });
    expect(await refused('POST', ZONES, { name: 'World', countries: ['DE'], rest_of_world: true })).toEqual({
      rest_of_world: ['The rest-of-world zone covers every country no other zone names: leave its countries, provinces and cities empty.'],
    });
    expect(await refused('POST', ZONES, { name: 'pakistan', countries: ['AF', 'PK'] })).toEqual({
      name: ['Another zone has this name.'], countries: ['Pakistan is already in the zone Pakistan.'],
    });
    expect((await zones()).map((zone) => zone.name)).toEqual(['Pakistan']);
  });

  it('takes a zone of Pakistan’s provinces or cities beside the country-wide one, and one rest-of-world zone', async () => {
    const sindh = await createZone({ name: 'Sindh', countries: ['PK'], provinces: ['pk-sd'], cities: [], tax_rate: '13' });
    expect(sindh).toMatchObject({ provinces: ['PK-SD'], tax_rate: '13.00', methods: [] });
    const world = await createZone({ name: 'Rest of world', rest_of_world: true, tax_rate: '0' });
    expect(world).toMatchObject({ countries: [], rest_of_world: true, tax_rate: '0.00' });
    expect(await refused('POST', ZONES, { name: 'Everywhere else', rest_of_world: true })).toEqual({
      rest_of_world: ['The zone Rest of world already covers the rest of the world.'],
    });
    expect(await trail('shipping_zone', sindh.id)).toEqual(['shipping_zone.create']);
    for (const zone of [sindh, world]) await ok('DELETE', `${ZONES}${zone.id}/`);
  });

  it('refuses a bad method field by field', async () => {
    const [pakistan] = await zones();
    const url = `${ZONES}${pakistan.id}/methods/`;
    expect(await refused('POST', url, dhl({
      name: '', carrier: 'ups' as 'other', weight_bands: [{ up_to_grams: 1_000, price: '10' }, { up_to_grams: 1_000, price: '-2' }],
      days_min: 5, days_max: 2, cod_fee: 'abc', cod_limit: '1.234',
    }))).toEqual({
      name: ['This field is required.'],
      carrier: ['Choose a carrier.'],
      'weight_bands.1.price': ['Enter a price like 12.50.'],
      cod_limit: ['Enter a price like 12.50.'],
      cod_fee: ['Enter a price like 12.50.'],
    });
    expect(await refused('POST', url, dhl({ weight_bands: [{ up_to_grams: 1_000, price: '10' }, { up_to_grams: 900, price: '12' }], days_min: 5, days_max: 2 })))
      .toEqual({
        'weight_bands.1.up_to_grams': ['Enter more grams than the band before (1000 g).'],
        days_max: ['Enter at least the fewest days (5).'],
      });
    expect(await refused('POST', url, dhl({ weight_bands: [], flat_price: null }))).toEqual({ flat_price: ['Enter a flat price, weight bands, or both.'] });
    expect(await refused('POST', url, dhl({ weight_bands: [{ up_to_grams: 0, price: '1' }] }))).toEqual({ 'weight_bands.0.up_to_grams': ['Enter 1 or more.'] });
    expect((await call('POST', `${ZONES}999999/methods/`, dhl())).statusCode).toBe(404);
    expect((await zones())[0].methods).toHaveLength(1);
  });

  it('offers a new zone’s method to buyers at once, and each change to it', async () => {
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: kelly, quantity: 1 } });
    expect((await shippingOptions('KZ')).options).toEqual([]);

    const zone = await createZone(centralAsia());
    expect(zone).toMatchObject({ name: 'Central Asia', countries: ['KZ', 'UZ'], tax_rate: null, methods: [] });
    const method = await createMethod(zone.id, dhl({ cod_allowed: true, cod_limit: '300', cod_fee: '2.5' }));
    expect(method).toMatchObject({
      zone_id: zone.id, position: 1, weight_bands: [{ up_to_grams: 500, price: '48.00' }, { up_to_grams: 2_000, price: '79.50' }],
      flat_price: null, free_over: null, cod_allowed: true, cod_limit: '300.00', cod_fee: '2.50', active: true,
    });
    // The hemostat counts as 500 g: the first band.
    const offered = await shippingOptions('KZ');
    expect(offered.zone).toMatchObject({ name: 'Central Asia', tax_rate: '0.00' });
    expect(offered.options).toEqual([expect.objectContaining({ id: method.id, name: 'DHL Express Worldwide', price: '48.00', cod: true })]);

    const changed = await ok<StaffShippingMethod>('PATCH', `${METHODS}${method.id}/`, { flat_price: '5', weight_bands: [{ up_to_grams: 400, price: '1' }, { up_to_grams: 1_000, price: '2' }] });
    expect(changed).toMatchObject({ flat_price: '5.00', service_code: 'P', days_max: 6, cod_limit: '300.00' });
    expect((await shippingOptions('UZ')).options.map((option) => option.price)).toEqual(['7.00']);

    expect(await refused('PATCH', `${METHODS}${method.id}/`, { days_min: 9 })).toEqual({ days_max: ['Enter at least the fewest days (9).'] });
    expect(await refused('PATCH', `${METHODS}${method.id}/`, { flat_price: null, weight_bands: [] })).toHaveProperty('flat_price');

    await ok('PATCH', `${METHODS}${method.id}/`, { active: false });
    expect((await shippingOptions('KZ')).options).toEqual([]);

    const renamed = await ok<StaffShippingZone>('PATCH', `${ZONES}${zone.id}/`, { name: 'Central Asia (DHL)', tax_rate: '5' });
    expect(renamed).toMatchObject({ name: 'Central Asia (DHL)', countries: ['KZ', 'UZ'], tax_rate: '5.00' });
    expect((await shippingOptions('KZ')).zone).toMatchObject({ name: 'Central Asia (DHL)', tax_rate: '5.00' });
    expect(await refused('PATCH', `${ZONES}${zone.id}/`, { provinces: ['PK-PB'] })).toHaveProperty('provinces');
    expect(await refused('PATCH', `${ZONES}${zone.id}/`, { countries: ['KZ', 'PK'] })).toEqual({ countries: ['Pakistan is already in the zone Pakistan.'] });
    expect((await call('PATCH', `${ZONES}999999/`, { name: 'Nowhere' })).statusCode).toBe(404);

    expect(await trail('shipping_zone', zone.id)).toEqual(['shipping_zone.create', 'shipping_zone.update']);
    expect(await trail('shipping_method', method.id)).toEqual(['shipping_method.create', 'shipping_method.update', 'shipping_method.update']);

    await ok('DELETE', `${ZONES}${zone.id}/`);
    expect((await shippingOptions('KZ')).zone).toBeNull();
    expect(await trail('shipping_zone', zone.id)).toEqual(['shipping_zone.create', 'shipping_zone.update', 'shipping_zone.delete']);
    expect((await call('DELETE', `${ZONES}${zone.id}/`)).statusCode).toBe(404);
  });

  it('keeps the orders of a deleted method, with its name', async () => {
    const [pakistan] = await zones();
    const method = await createMethod(pakistan.id, { name: 'TCS Overnight', carrier: 'tcs', flat_price: '4', days_min: 1, days_max: 2 });
    const { orderId } = await buyByCard(t, buyer, []);
    await t.database.db.update(orders).set({ shippingMethodId: method.id, shippingMethodName: method.name }).where(eq(orders.id, orderId));

    expect(await ok('DELETE', `${METHODS}${method.id}/`)).toEqual({ detail: 'The method TCS Overnight was deleted.' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ shippingMethodId: null, shippingMethodName: 'TCS Overnight' });
    expect(await t.database.db.select().from(shippingMethods).where(eq(shippingMethods.id, method.id))).toEqual([]);
    expect(await trail('shipping_method', method.id)).toEqual(['shipping_method.create', 'shipping_method.delete']);
    expect((await call('PATCH', `${METHODS}${method.id}/`, { active: true })).statusCode).toBe(404);
  });
});
