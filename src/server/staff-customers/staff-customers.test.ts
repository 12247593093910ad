import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_PAGE_SIZE, type CustomerDetail, type CustomerRow } from '#contracts/staff-customers';
import { staffRoles, type StaffRole } from '#contracts/staff-roles';
import type { Db } from '../db/client.ts';
import { licences } from '../db/schema/licences.ts';
import { customerNotes } from '../db/schema/staff-notes.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

type Headers = Record<string, string>;

let shop: StaffApp<StaffRole>;
let db: Db;
let hospital: Awaited<ReturnType<typeof createBusinessBuyer>>;
let member: Awaited<ReturnType<typeof addMember>>;

const PERSONAL_ROLES: StaffRole[] = ['owner', 'fulfilment', 'sales', 'support'];

const get = (url: string, headers?: Headers) => shop.t.app.inject({ method: 'GET', url, headers });
const list = async (headers: Headers, query = '') => {
  const response = await get(`/api/staff/customers/${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ customers: CustomerRow[]; count: number; totalPages: number }>();
};
const detail = async (headers: Headers, id: string) => {
  const response = await get(`/api/staff/customers/${id}/`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomerDetail>();
};
const addNote = (headers: Headers | undefined, id: string, payload: unknown) =>
  shop.t.app.inject({ method: 'POST', url: `/api/staff/customers/${id}/notes/`, headers, payload: payload as object });

beforeAll(async () => {
  shop = await staffApp(staffRoles);
  db = shop.t.database.db;
  hospital = await createBusinessBuyer(db, { email: 'procurement@mayo.example', hospitalName: 'Mayo Hospital Lahore', status: 'verified' });
  await db.update(users).set({ firstName: 'Imran', lastName: 'Qureshi', phone: '+92 300 7654321', address: '12 Jail Road' })
    .where(eq(users.id, hospital.user.id));
  await db.insert(licences).values({
    userId: hospital.user.id, licenceType: 'drap_establishment', licenceNumber: 'DRAP-778899', expiresOn: '2099-12-31', status: 'verified',
    fileName: 'licence.pdf', storedName: 'stored-licence.pdf', contentType: 'application/pdf', sizeBytes: 1_000,
  });
  member = await addMember(db, hospital.organisation!.id, 'nurse@mayo.example', 'buyer');
  await insertOrder(db, hospital.user.id, [{ productId: shop.kelly, unitPriceCents: 12_000 }]);
  await insertOrder(db, shop.buyerId, [{ productId: shop.kelly, unitPriceCents: 3_000 }]);
});
afterAll(() => shop.t.close());

describe('who opens the customers', () => {
  it('opens the list and a customer to every staff role, and refuses a buyer (403) and a visitor (401)', async () => {
    for (const role of staffRoles) {
      expect((await list(shop.staff[role])).count, role).toBe(3);
      expect((await detail(shop.staff[role], hospital.user.id)).id, role).toBe(hospital.user.id);
    }
    expect((await get('/api/staff/customers/', shop.buyer)).statusCode).toBe(403);
    expect((await get(`/api/staff/customers/${hospital.user.id}/`, shop.buyer)).statusCode).toBe(403);
    expect((await get('/api/staff/customers/')).statusCode).toBe(401);
    expect((await get(`/api/staff/customers/${hospital.user.id}/`)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id and for a member of staff, who is no customer', async () => {
    expect((await get('/api/staff/customers/00000000-0000-4000-8000-000000000000/', shop.staff.owner)).statusCode).toBe(404);
    const [sales] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'sales@staff.example'));
    expect((await get(`/api/staff/customers/${sales.id}/`, shop.staff.owner)).statusCode).toBe(404);
    expect((await get('/api/staff/customers/not-an-id/', shop.staff.owner)).statusCode).toBe(400);
  });

  it('lists buyers only, never staff', async () => {
    const emails = (await list(shop.staff.owner)).customers.map((row) => row.email).sort();
    expect(emails).toEqual(['ayesha@example.com', 'nurse@mayo.example', 'procurement@mayo.example']);
  });
});

describe('personal fields', () => {
  it('go to the roles that read orders, with the organisation, licence and orders', async () => {
    for (const role of PERSONAL_ROLES) {
      const [row] = (await list(shop.staff[role], '?search=procurement')).customers;
      expect(row, role).toMatchObject({
        name: 'Imran Qureshi', email: 'procurement@mayo.example', account_type: 'business',
        organisation: { name: 'Mayo Hospital Lahore' }, licence_state: 'valid', orders_count: 1, lifetime_value: '120.00',
      });
      expect(Date.parse(row.last_order_at!), role).not.toBeNaN();
      const page = await detail(shop.staff[role], hospital.user.id);
      expect(page.profile, role).toMatchObject({ name: 'Imran Qureshi', email: 'procurement@mayo.example', phone: '+92 300 7654321', address: '12 Jail Road' });
      expect(page.licence, role).toEqual({ state: 'valid', documents: [expect.objectContaining({ licence_number: 'DRAP-778899', status: 'verified', is_valid: true })] });
    }
  });

  it('are null for catalogue, who still sees the organisation, licence state, orders and value', async () => {
    const { customers } = await list(shop.staff.catalogue, '?search=mayo');
    expect(customers).toHaveLength(2);
    for (const row of customers) {
      expect(row).toMatchObject({ name: null, email: null, organisation: { name: 'Mayo Hospital Lahore' } });
    }
    const page = await detail(shop.staff.catalogue, hospital.user.id);
    expect(page.profile).toBeNull();
    expect(page.licence.documents).toEqual([expect.objectContaining({ licence_number: null, status: 'verified' })]);
    expect(page).toMatchObject({ lifetime_value: '120.00', orders_count: 1, organisations: [{ name: 'Mayo Hospital Lahore', role: 'admin', status: 'verified' }] });
    expect(JSON.stringify(page)).not.toMatch(/procurement@|Qureshi|7654321|Jail Road|DRAP-778899/);
  });

  it('are never searched by catalogue: an email, name or phone finds no one', async () => {
    for (const search of ['procurement@mayo.example', 'Qureshi', '7654321']) {
      expect((await list(shop.staff.catalogue, `?search=${encodeURIComponent(search)}`)).count, search).toBe(0);
    }
  });
});

describe('searching and paging', () => {
  it('finds a customer by email, name, organisation or phone however it is typed', async () => {
    const found = async (search: string) =>
      (await list(shop.staff.support, `?search=${encodeURIComponent(search)}`)).customers.map((row) => row.email).sort();
    expect(await found('PROCUREMENT@mayo')).toEqual(['procurement@mayo.example']);
    expect(await found('imran qur')).toEqual(['procurement@mayo.example']);
    expect(await found('hospital lahore')).toEqual(['nurse@mayo.example', 'procurement@mayo.example']);
    expect(await found('300-765 4321')).toEqual(['procurement@mayo.example']);
    expect(await found('100%_')).toEqual([]);
  });

  it('gives a member the organisation they buy for, with their role, and its licence', async () => {
    const page = await detail(shop.staff.sales, member.user.id);
    expect(page.organisations).toEqual([expect.objectContaining({ name: 'Mayo Hospital Lahore', role: 'buyer' })]);
    expect(page.licence).toEqual({ state: 'valid', documents: [] });
    expect(page.store_credit).toEqual({ balance: '0.00', organisation_balance: '0.00' });
  });

  it('marks a deactivated account in the list and on its page, and keeps it there', async () => {
    const gone = await createTestUser(db, { email: 'left-the-hospital@example.com' });
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.user.id));
    const row = (await list(shop.staff.sales, '?search=left-the-hospital')).customers;
    expect(row.map((one) => [one.email, one.deactivated])).toEqual([['left-the-hospital@example.com', true]]);
    expect((await detail(shop.staff.sales, gone.user.id)).deactivated).toBe(true);
    expect((await detail(shop.staff.sales, member.user.id)).deactivated).toBe(false);
    await db.delete(users).where(eq(users.id, gone.user.id));
  });

  it('filters by account type', async () => {
    const individual = await list(shop.staff.owner, '?account_type=individual');
    expect(individual.customers.map((row) => [row.email, row.licence_state])).toEqual([['ayesha@example.com', 'business_only']]);
    const bad = await get('/api/staff/customers/?account_type=hospital', shop.staff.owner);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['account_type']);
  });

  it('pages the list, those who ordered last first', async () => {
    for (let index = 0; index < CUSTOMERS_PAGE_SIZE; index++) await createTestUser(db, { email: `browser${index}@example.com` });
    const first = await list(shop.staff.owner);
    expect(first).toMatchObject({ count: CUSTOMERS_PAGE_SIZE + 3, totalPages: 2 });
    expect(first.customers).toHaveLength(CUSTOMERS_PAGE_SIZE);
    expect(first.customers.slice(0, 2).map((row) => row.email)).toEqual(['ayesha@example.com', 'procurement@mayo.example']);
    const second = await list(shop.staff.owner, '?page=2');
    expect(second.customers).toHaveLength(3);
    const ids = new Set([...first.customers, ...second.customers].map((row) => row.id));
    expect(ids.size).toBe(CUSTOMERS_PAGE_SIZE + 3);
  });
});

describe('notes', () => {
  it('are written by sales, support and the owner, audited, and read by every role', async () => {
    for (const role of ['sales', 'support', 'owner'] as const) {
      const response = await addNote(shop.staff[role], hospital.user.id, { text: `  Prefers delivery before noon (${role})  ` });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().notes[0]).toMatchObject({ text: `Prefers delivery before noon (${role})`, author_email: `${role}@staff.example` });
    }
    for (const role of staffRoles) {
      expect((await detail(shop.staff[role], hospital.user.id)).notes.map((note) => note.author_email), role)
        .toEqual(['owner@staff.example', 'support@staff.example', 'sales@staff.example']);
    }
    const trail = await get(`/api/staff/audit/?entity=customer&id=${hospital.user.id}`, shop.staff.support);
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json<{ results: { action: string; actor: { email: string }; after: { notes: { text: string }[] } }[] }>().results;
    expect(entries.map((entry) => [entry.action, entry.actor.email])).toEqual([
      ['customer.note', 'owner@staff.example'], ['customer.note', 'support@staff.example'], ['customer.note', 'sales@staff.example'],
    ]);
    expect(entries[0].after.notes[0].text).toBe('Prefers delivery before noon (owner)');
    expect((await get('/api/staff/audit/?entity=customer', shop.staff.catalogue)).statusCode).toBe(403);
  });

  it('are refused to catalogue and fulfilment (403), a buyer (403) and a visitor (401)', async () => {
    for (const role of ['catalogue', 'fulfilment'] as const) {
      expect((await addNote(shop.staff[role], hospital.user.id, { text: 'Hello' })).statusCode, role).toBe(403);
    }
    expect((await addNote(shop.buyer, hospital.user.id, { text: 'Hello' })).statusCode).toBe(403);
    expect((await addNote(undefined, hospital.user.id, { text: 'Hello' })).statusCode).toBe(401);
    expect(await db.select().from(customerNotes).where(eq(customerNotes.text, 'Hello'))).toEqual([]);
  });

  it('answer 400 for the text, and 404 for an unknown customer, with nothing written', async () => {
    const before = (await db.select().from(customerNotes)).length;
    for (const [payload, message] of [
      [{ text: '   ' }, 'This field is required.'],
      [{}, 'This field is required.'],
      [{ text: 'x'.repeat(2001) }, 'Enter at most 2000 characters.'],
    ] as const) {
      const response = await addNote(shop.staff.sales, hospital.user.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual({ text: [message] });
    }
    expect((await addNote(shop.staff.sales, hospital.user.id, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await addNote(shop.staff.sales, '00000000-0000-4000-8000-000000000000', { text: 'Lost' })).statusCode).toBe(404);
    expect((await db.select().from(customerNotes)).length).toBe(before + 1);
  });
});
