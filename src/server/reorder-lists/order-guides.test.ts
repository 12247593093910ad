import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department } from '#contracts/organisation-purchasing';
import { reorderLists } from '../db/schema/reorder-lists.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
const as: Record<'admin' | 'theatre' | 'theatreToo' | 'ward' | 'finance' | 'outsider', Headers> = {} as never;
const department: Record<'theatre' | 'ward' | 'elsewhere', Department> = {} as never;
const id: Record<string, number> = {};

const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function createDepartment(headers: Headers, name: string, memberIds: number[]): Promise<Department> {
  const created = await call(headers, 'POST', '/api/organisation/departments/', {
    name, bill_to: testShippingAddress, ship_to: [testShippingAddress], member_ids: memberIds,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ departments: Department[] }>().departments.find((row) => row.name === name)!;
}

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_200, stock: 100 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 800, stock: 4 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1_500, stock: 100 },
  ]);
  for (const product of products) id[product.name] = product.id;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified' });
  const organisationId = founder.organisation!.id;
  as.admin = founder.headers;
  const member = async (email: string, role: 'buyer' | 'finance') => addMember(db, organisationId, email, role);
  const [theatre, theatreToo, ward, finance] = await Promise.all([
    member('theatre@mayo.example', 'buyer'), member('theatre2@mayo.example', 'buyer'), member('ward@mayo.example', 'buyer'),
    member('finance@mayo.example', 'finance'),
  ]);
  Object.assign(as, { theatre: theatre.headers, theatreToo: theatreToo.headers, ward: ward.headers, finance: finance.headers });
  department.theatre = await createDepartment(as.admin, 'Theatre', [theatre.memberId, theatreToo.memberId, finance.memberId]);
  department.ward = await createDepartment(as.admin, 'Ward 4', [ward.memberId]);
  const other = await createBusinessBuyer(db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'verified' });
  as.outsider = other.headers;
  department.elsewhere = await createDepartment(as.outsider, 'Theatre', []);
});
afterAll(() => t.close());

const listIds = async (headers: Headers) =>
  (await call(headers, 'GET', '/api/reorder-lists')).json<{ lists: { id: number }[] }>().lists.map((list) => list.id);

describe('department order guides', () => {
  it('refuses a department the buyer does not order for, writing nothing', async () => {
    const before = await t.database.db.select().from(reorderLists);
    const tries: [Headers, number][] = [
      [as.theatre, department.ward.id], [as.theatre, department.elsewhere.id], [as.theatre, 999_999], [as.finance, department.theatre.id],
      [as.outsider, department.theatre.id],
    ];
    for (const [headers, departmentId] of tries) {
      const refused = await call(headers, 'POST', '/api/reorder-lists', { name: 'Theatre guide', department_id: departmentId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ department_id: ['Choose a department you order for.'] });
    }
    expect(await t.database.db.select().from(reorderLists)).toEqual(before);
  });

  it("is kept by the department's members and the admins, and by nobody else", async () => {
    const created = await call(as.theatre, 'POST', '/api/reorder-lists', { name: 'Theatre guide', department_id: department.theatre.id });
    expect(created.statusCode).toBe(201);
    const guide = created.json().list;
    expect(guide.department).toEqual({ id: department.theatre.id, name: 'Theatre' });
    const own = (await call(as.theatre, 'POST', '/api/reorder-lists', { name: 'My own' })).json().list;
    expect(own.department).toBeNull();

    // Another member of the department adds to it; the admin, though not in the department, changes a par level.
    const added = await call(as.theatreToo, 'POST', `/api/reorder-lists/${guide.id}/items`, { product_id: id['Kelly Hemostat'], par_level: 10 });
    expect(added.statusCode).toBe(200);
    const item = added.json().list.items[0];
    expect((await call(as.admin, 'PATCH', `/api/reorder-lists/${guide.id}/items/${item.id}`, { par_level: 12 })).json().list.items[0].par_level).toBe(12);

    expect(await listIds(as.theatre)).toEqual([guide.id, own.id]);
    expect(await listIds(as.theatreToo)).toEqual([guide.id]);
    expect(await listIds(as.admin)).toEqual([guide.id]);
    expect(await listIds(as.finance)).toEqual([guide.id]);
    expect(await listIds(as.ward)).toEqual([]);
    expect(await listIds(as.outsider)).toEqual([]);
    expect((await call(as.theatreToo, 'GET', `/api/reorder-lists/${own.id}`)).statusCode).toBe(404);

    for (const headers of [as.ward, as.outsider]) {
      expect((await call(headers, 'GET', `/api/reorder-lists/${guide.id}`)).statusCode).toBe(404);
      expect((await call(headers, 'POST', `/api/reorder-lists/${guide.id}/reorder`, { counts: [{ item_id: item.id, on_hand: 0 }] })).statusCode).toBe(404);
      expect((await call(headers, 'PATCH', `/api/reorder-lists/${guide.id}`, { name: 'Taken' })).statusCode).toBe(404);
    }

    // Finance reads the guide and neither changes it nor reorders from it.
    expect((await call(as.finance, 'GET', `/api/reorder-lists/${guide.id}`)).json().list.department.name).toBe('Theatre');
    const financeReorder = await call(as.finance, 'POST', `/api/reorder-lists/${guide.id}/reorder`, { counts: [{ item_id: item.id, on_hand: 0 }] });
    expect(financeReorder.statusCode).toBe(403);
    expect(financeReorder.json().code).toBe('ORGANISATION_ROLE');
    expect((await call(as.finance, 'PATCH', `/api/reorder-lists/${guide.id}/items/${item.id}`, { par_level: 1 })).statusCode).toBe(403);

    // A member of the department reorders into their own cart.
    const reordered = await call(as.theatreToo, 'POST', `/api/reorder-lists/${guide.id}/reorder`, { counts: [{ item_id: item.id, on_hand: 5 }] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().lines).toMatchObject([{ needed: 7, added: 7, outcome: 'added' }]);
    expect(reordered.json().cart.items.map((line: { product_id: number; quantity: number }) => [line.product_id, line.quantity]))
      .toEqual([[id['Kelly Hemostat'], 7]]);
    expect((await call(as.theatre, 'GET', '/api/cart/')).json().items).toEqual([]);
  });

  it('is the department\'s: whoever started it loses it when taken off the department, and the department keeps it', async () => {
    const guide = (await call(as.ward, 'POST', '/api/reorder-lists', { name: 'Ward 4 guide', department_id: department.ward.id })).json().list;
    const body = { name: 'Ward 4', bill_to: department.ward.bill_to, ship_to: department.ward.ship_to, member_ids: [] };
    expect((await call(as.admin, 'PUT', `/api/organisation/departments/${department.ward.id}/`, body)).statusCode).toBe(200);
    expect((await call(as.ward, 'GET', `/api/reorder-lists/${guide.id}`)).statusCode).toBe(404);
    expect(await listIds(as.ward)).toEqual([]);
    expect((await call(as.admin, 'GET', `/api/reorder-lists/${guide.id}`)).statusCode).toBe(200);
  });

  it('reorders to par: par − count, never below 0, topping up what the cart holds', async () => {
    const guide = (await call(as.theatre, 'POST', '/api/reorder-lists', { name: 'Count', department_id: department.theatre.id })).json().list;
    let list = guide;
    for (const [product, par] of [['Kelly Hemostat', 10], ['Mayo Scissors', 6], ['Adson Forceps', 9]] as const) {
      list = (await call(as.theatre, 'POST', `/api/reorder-lists/${guide.id}/items`, { product_id: id[product], par_level: par })).json().list;
    }
    await call(as.theatre, 'POST', '/api/cart/add-item/', { product_id: id['Kelly Hemostat'], quantity: 2 });
    const counts = [3, 8, 1].map((onHand, index) => ({ item_id: list.items[index].id, on_hand: onHand }));
    const done = (await call(as.theatre, 'POST', `/api/reorder-lists/${guide.id}/reorder`, { counts })).json();
    expect(done.lines.map((line: { name: string; needed: number; added: number; outcome: string }) => [line.name, line.needed, line.added, line.outcome]))
      .toEqual([['Kelly Hemostat', 7, 5, 'added'], ['Mayo Scissors', 0, 0, 'at_par'], ['Adson Forceps', 8, 4, 'partial']]);
    expect(done.cart.items.map((line: { product_id: number; quantity: number }) => [line.product_id, line.quantity]))
      .toEqual([[id['Kelly Hemostat'], 7], [id['Adson Forceps'], 4]]);
    expect(done.list.department).toEqual({ id: department.theatre.id, name: 'Theatre' });
  });
});
