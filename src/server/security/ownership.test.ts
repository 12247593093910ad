import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_ENTITIES, auditReaders } from '#contracts/audit';
import type { Contract } from '#contracts/define';
import { INVENTORY_STREAM_PATH } from '#contracts/inventory';
import { staffMayUse, staffRoles, type StaffRole } from '#contracts/staff-roles';
import { recordAudit } from '../audit/audit.ts';
import { paymentBody, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { staffApp } from '../test/staff-app.ts';

type Headers = Record<string, string>;

let t: CommerceTestApp;
let productId: number;
let buyer: Headers;
let staff: Record<StaffRole, Headers>;
let owner: Headers;
let other: Headers;

beforeAll(async () => {
  ({ t, kelly: productId, buyer, staff } = await staffApp(staffRoles, { priceCents: 1_800 }));
  owner = (await createBusinessBuyer(t.database.db, { email: 'owner@example.com', status: 'verified' })).headers;
  other = (await createBusinessBuyer(t.database.db, { email: 'other@example.com', status: 'verified' })).headers;
});
afterAll(() => t.close());

const call = (headers: Headers, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

/** The owner's own resources, made through the API, and every way another user could reach them by id. */
async function ownersResources() {
  await call(owner, 'POST', '/api/cart/add-item/', { product_id: productId, quantity: 1 });
  const paid = await call({ ...owner, 'idempotency-key': 'owner-1' }, 'POST', '/api/payment/process', paymentBody('credit_card', 93));
  expect(paid.statusCode, paid.body).toBe(201);
  const { transactionId, orderId } = paid.json();
  await call(owner, 'POST', '/api/cart/add-item/', { product_id: productId, quantity: 1 });
  const cartItemId = (await call(owner, 'GET', '/api/cart/')).json().items[0].id as number;
  const wishlistItemId = (await call(owner, 'POST', `/api/wishlist/${productId}`)).json().item.id as string;
  const addressId = (await call(owner, 'POST', '/api/addresses/', { ...testShippingAddress, label: 'Ward 4' })).json().id as string;
  const quote = await call(owner, 'POST', '/api/quotes/', { lines: [{ product_id: productId, quantity: 12 }], delivery_city: 'Lahore', notes: '' });
  expect(quote.statusCode, quote.body).toBe(201);
  const quoteId = quote.json().quote.id as string;
  const listId = (await call(owner, 'POST', '/api/reorder-lists', { name: 'Theatre 2' })).json().list.id as string;
  return [
    ['cart item', 'PATCH', `/api/cart/items/${cartItemId}/`, { quantity: 2 }],
    ['cart item', 'DELETE', `/api/cart/items/${cartItemId}/`],
    ['order cancel', 'POST', `/api/orders/${orderId}/cancel/`, { reason: 'Ordered twice' }],
    ['invoice', 'GET', `/api/orders/${orderId}/invoice.pdf`],
    ['payment verify', 'GET', `/api/payment/verify/${transactionId}`],
    ['wishlist item', 'DELETE', `/api/wishlist/item/${wishlistItemId}`],
    ['address', 'PATCH', `/api/addresses/${addressId}/`, { city: 'Sialkot' }],
    ['address', 'DELETE', `/api/addresses/${addressId}/`],
    ['quote', 'GET', `/api/quotes/${quoteId}`],
    ['quote', 'POST', `/api/quotes/${quoteId}/decline/`, { reason: 'Not needed' }],
    ['reorder list', 'GET', `/api/reorder-lists/${listId}`],
    ['reorder list', 'DELETE', `/api/reorder-lists/${listId}`],
  ] as [string, string, string, object?][];
}

describe('ownership', () => {
  it('answers 404 to another user for every per-user resource, and leaves it as it was for its owner', async () => {
    const routes = await ownersResources();
    const answers = [];
    for (const [name, method, url, payload] of routes) answers.push([name, method, (await call(other, method, url, payload)).statusCode]);
    expect(answers).toEqual(routes.map(([name, method]) => [name, method, 404]));
    for (const [, method, url] of routes.filter(([, method]) => method === 'GET')) {
      expect((await call(owner, method, url)).statusCode, url).toBe(200);
    }
    expect((await call(owner, 'GET', '/api/cart/')).json().items).toHaveLength(1);
    expect((await call(owner, 'GET', '/api/addresses/')).json().addresses).toHaveLength(1);
  });
});

/** Every contract whose path is a staff route, read from src/contracts. */
/** Every contract of a staff route: the ones naming their roles, and (so none is forgotten) every path under a staff prefix. */
async function staffContracts(): Promise<Contract[]> {
  const folder = path.resolve(import.meta.dirname, '../../contracts');
  const contracts: Contract[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = await import(path.join(folder, file)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const contract = value as Contract;
      if (typeof contract !== 'object' || contract === null || typeof contract.path !== 'string' || !contract.method) continue;
      // The invitation link is opened by someone not yet signed in, and the live stock stream is public.
      const open = contract.path.startsWith('/api/staff/invite/') || contract.path === INVENTORY_STREAM_PATH;
      const underStaffPath = /^\/api\/(staff|inventory|lots)\//.test(contract.path) && !open
        || (/^\/api\/recalls\//.test(contract.path) && !contract.path.startsWith('/api/recalls/notices/'));
      if (underStaffPath || contract.staff) contracts.push(contract);
    }
  }
  return contracts;
}

// Before the staff routes' sweep, which calls every route (deleting the shop's shipping zone among them).
describe('the audit trail', () => {
  /** A buyer's personal details, as kept in the copies of records the trail holds (an order's, say), nested too. */
  const person = { email: 'amna.riaz@hospital.example', firstName: 'Amna', lastName: 'Riaz', phone: '+92 300 7654321', address: '12 Jail Road', postalCode: '54000' };
  const personal = ['amna.riaz', 'Riaz', '7654321', 'Jail Road', '54000'];
  const auditor = { id: crypto.randomUUID(), email: 'matrix-auditor@staff.example' };
  const trail = (headers: Headers, query = '') => call(headers, 'GET', `/api/staff/audit/?actor=matrix-auditor${query}`);

  beforeAll(async () => {
    for (const entity of AUDITED_ENTITIES) {
      await recordAudit(t.database.db, auditor, {
        action: `${entity}.update`, entity, entityId: `matrix-${entity}`,
        before: { ...person, status: 'before' }, after: { ...person, status: 'after', lines: [{ ...person, quantity: 2 }] },
      });
    }
  });

  it('lets each role read the entries of the records its own routes open, and the owner all of them', async () => {
    const seen: string[] = [];
    const expected: string[] = [];
    for (const role of staffRoles) {
      const listed = (await trail(staff[role])).json() as { results: { entity: string }[] };
      seen.push(`${role} lists ${listed.results.map((entry) => entry.entity).sort().join(' ')}`);
      expected.push(`${role} lists ${AUDITED_ENTITIES.filter((entity) => staffMayUse(role, auditReaders[entity])).sort().join(' ')}`);
      for (const entity of AUDITED_ENTITIES) {
        const res = await trail(staff[role], `&entity=${entity}`);
        seen.push(`${role} ${entity} ${res.statusCode === 200 ? `opens ${res.json().count}` : `refused ${res.statusCode} ${res.json().code}`}`);
        expected.push(`${role} ${entity} ${staffMayUse(role, auditReaders[entity]) ? 'opens 1' : 'refused 403 STAFF_ONLY'}`);
      }
    }
    expect(seen).toEqual(expected);
  });

  it("leaves people's names, emails, phones and addresses out of the entries any role but the owner reads", async () => {
    for (const role of staffRoles.filter((role) => role !== 'owner')) {
      const body = (await trail(staff[role])).body;
      expect(body).toContain('"status":"after"');
      for (const text of personal) expect(body, `${role} reads ${text}`).not.toContain(text);
    }
    const whole = (await trail(staff.owner)).body;
    for (const text of personal) expect(whole).toContain(text);
  });

  it("names an order by its number, and keeps its buyer's details from support and from roles that do not open orders", async () => {
    await call(buyer, 'POST', '/api/cart/add-item/', { product_id: productId, quantity: 1 });
    const paid = await call({ ...buyer, 'idempotency-key': 'audit-order' }, 'POST', '/api/payment/process', paymentBody('credit_card', 93));
    expect(paid.statusCode, paid.body).toBe(201);
    const { orderId, orderNumber } = paid.json();
    expect((await call(staff.fulfilment, 'POST', `/api/staff/orders/${orderId}/events/`, { description: 'Packed' })).statusCode).toBe(200);

    const read = async (headers: Headers) => call(headers, 'GET', `/api/staff/audit/?entity=order&id=${orderId}`);
    const [supportRead, ownerRead] = [(await read(staff.support)).json(), (await read(staff.owner)).json()];
    expect(supportRead.results[0]).toMatchObject({ action: 'order.tracking', label: orderNumber });
    expect(JSON.stringify(supportRead)).not.toContain(testShippingAddress.email);
    expect(JSON.stringify(supportRead)).not.toContain(testShippingAddress.address);
    expect(ownerRead.results[0].after).toMatchObject({ email: testShippingAddress.email, orderNumber });
    expect((await read(staff.sales)).json().results[0]).toMatchObject({ action: 'order.tracking', label: orderNumber });
    expect((await read(staff.catalogue)).statusCode).toBe(403);
  });
});

describe('staff routes', () => {
  let contracts: Contract[];
  beforeAll(async () => {
    contracts = await staffContracts();
  });
  const urlOf = (contract: Contract) => contract.path.replace(/:[A-Za-z_]+/g, '1');
  const send = (headers: Headers, contract: Contract) => call(headers, contract.method, urlOf(contract), contract.body ? {} : undefined);

  it('each name the roles that may call them, and are served', () => {
    expect(contracts.length).toBeGreaterThan(40);
    expect(contracts.filter((contract) => !contract.staff).map((contract) => contract.path)).toEqual([]);
    expect(contracts.filter((contract) => !t.app.findRoute({ method: contract.method, url: contract.path }))
      .map((contract) => `${contract.method} ${contract.path}`)).toEqual([]);
  });

  it('refuse signed-in buyers with 403 and visitors with 401, before looking at any input', async () => {
    const refused = [];
    for (const contract of contracts) {
      refused.push([contract.method, contract.path, (await send(buyer, contract)).statusCode, (await send({}, contract)).statusCode]);
    }
    expect(refused).toEqual(contracts.map((c) => [c.method, c.path, 403, 401]));
  });

  it('let each role through exactly the routes its contracts name, and the owner through all', async () => {
    const seen: string[] = [];
    const expected: string[] = [];
    for (const role of staffRoles) {
      for (const contract of contracts) {
        const res = await send(staff[role], contract);
        const refused = res.statusCode === 401 || (res.statusCode === 403 && res.json().code === 'STAFF_ONLY');
        seen.push(`${role} ${contract.method} ${contract.path} ${refused ? `refused ${res.statusCode}` : 'opens'}`);
        expected.push(`${role} ${contract.method} ${contract.path} ${staffMayUse(role, contract.staff ?? []) ? 'opens' : 'refused 403'}`);
      }
    }
    expect(seen).toEqual(expected);
  });
});
