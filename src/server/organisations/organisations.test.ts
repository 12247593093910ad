import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation, StaffOrganisationDetail } from '#contracts/organisations';
import { organisationPrices, organisations } from '../db/schema/organisations.ts';
import { businessRegistration, createTestUser, individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { users } from '../db/schema/users.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createTestUser>>;
let individual: Record<string, string>;
let productSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  staff = await createTestUser(db, { email: 'manager@example.com', staffRole: 'owner' });
  individual = (await createTestUser(db, { email: 'dr.solo@example.com' })).headers;
  const { products } = await insertCatalogue(db, ['general-surgery', 'orthopedics'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950 },
  ]);
  productSlug = products[0].slug;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers?: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const mine = async (headers: Headers) => (await call('GET', '/api/organisations/mine/', headers)).json<{ organisation: Organisation | null }>().organisation;
const detail = async (id: string) => (await call('GET', `/api/staff/organisations/${id}/`, staff.headers)).json<StaffOrganisationDetail>();
const rowOf = async (id: string) => (await t.database.db.select().from(organisations).where(eq(organisations.id, id)))[0];

describe('an organisation for review', () => {
  it('is created pending when a business account registers, never for an individual', async () => {
    const business = await t.app.inject({ method: 'POST', url: '/api/auth/register/', remoteAddress: nextIp(), payload: businessRegistration() });
    expect(business.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${business.json<{ token: string }>().token}` };
    expect(await mine(headers)).toMatchObject({
      name: 'Mayo Hospital', licence_number: 'PMC-55-1234', status: 'pending', rejection_reason: null, account_manager: null,
      payment_terms: 'none', credit_limit: '0.00', credit_used: '0.00', credit_available: '0.00', can_pay_by_invoice: false,
    });
    const solo = await t.app.inject({ method: 'POST', url: '/api/auth/register/', remoteAddress: nextIp(), payload: individualRegistration() });
    expect(solo.statusCode).toBe(201);
    const soloHeaders = { authorization: `Bearer ${solo.json<{ token: string }>().token}` };
    expect((await call('GET', '/api/organisations/mine/', soloHeaders)).statusCode).toBe(403);
  });

  it('is for business accounts only', async () => {
    expect((await call('GET', '/api/organisations/mine/')).statusCode).toBe(401);
    expect((await call('GET', '/api/organisations/mine/', individual)).statusCode).toBe(403);
    expect((await call('POST', '/api/organisations/mine/submit/', individual)).statusCode).toBe(403);
  });

  it('needs the hospital name and licence number of the profile, per field, and writes nothing without them', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'blank@clinic.example', hospitalName: '', licenceNumber: '' });
    expect(await mine(buyer.headers)).toBeNull();
    const response = await call('POST', '/api/organisations/mine/submit/', buyer.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      hospital_name: ['Add your hospital or clinic name in the Profile tab first.'],
      license_number: ['Add your licence number in the Profile tab first.'],
    });
    expect(await mine(buyer.headers)).toBeNull();
  });

  it('is submitted by a business buyer without one, and not twice while pending', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'legacy@clinic.example', hospitalName: 'Shifa Clinic' });
    const first = await call('POST', '/api/organisations/mine/submit/', buyer.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().organisation).toMatchObject({ name: 'Shifa Clinic', status: 'pending' });
    const again = await call('POST', '/api/organisations/mine/submit/', buyer.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_PENDING', detail: 'Your organisation is already waiting for review.' });
  });

  it('is not submitted by a member of an organisation the account did not register: 409 NOT_REGISTRANT', async () => {
    const { organisation } = await createBusinessBuyer(t.database.db, { email: 'founder@clinic.example', status: 'verified' });
    const member = await addMember(t.database.db, organisation!.id, 'member@clinic.example', 'buyer');
    await t.database.db.update(users).set({ hospitalName: 'Own Clinic', licenseNumber: 'PMC-77-1' }).where(eq(users.id, member.user.id));
    const response = await call('POST', '/api/organisations/mine/submit/', member.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('NOT_REGISTRANT');
    expect((await t.database.db.select().from(organisations).where(eq(organisations.userId, member.user.id)))).toEqual([]);
  });
});

describe('staff review', () => {
  it('is for staff only: 401 signed out, 403 for buyers, 404 for an unknown organisation', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'nosy@clinic.example', status: 'pending' });
    const id = buyer.organisation!.id;
    for (const [method, url, payload] of [
      ['GET', '/api/staff/organisations/'], ['GET', `/api/staff/organisations/${id}/`], ['POST', `/api/staff/organisations/${id}/approve/`],
      ['POST', `/api/staff/organisations/${id}/reject/`, { reason: 'Nope' }], ['PATCH', `/api/staff/organisations/${id}/`, { payment_terms: 'net30' }],
      ['GET', '/api/staff/account-managers/'], ['POST', `/api/staff/organisations/${id}/prices/`, { scope: 'all', kind: 'percent', value: '50' }],
      ['DELETE', `/api/staff/organisations/${id}/prices/1/`],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, buyer.headers, payload)).statusCode).toBe(403);
      expect((await call(method, url, individual, payload)).statusCode).toBe(403);
    }
    expect((await rowOf(id)).status).toBe('pending');
    expect((await call('GET', '/api/staff/organisations/00000000-0000-4000-8000-000000000000/', staff.headers)).statusCode).toBe(404);
    expect((await call('POST', '/api/staff/organisations/00000000-0000-4000-8000-000000000000/approve/', staff.headers)).statusCode).toBe(404);
  });

  it('lists pending organisations first, oldest submission first, and filters by status', async () => {
    const db = t.database.db;
    const old = await createBusinessBuyer(db, { email: 'old@clinic.example', hospitalName: 'Old Clinic', status: 'pending' });
    await db.update(organisations).set({ submittedAt: new Date('2020-01-01') }).where(eq(organisations.id, old.organisation!.id));
    await createBusinessBuyer(db, { email: 'done@clinic.example', status: 'verified' });
    const all = (await call('GET', '/api/staff/organisations/', staff.headers)).json<{ organisations: Organisation[] }>().organisations;
    expect(all[0].name).toBe('Old Clinic');
    const firstSettled = all.findIndex((o) => o.status !== 'pending');
    expect(all.slice(firstSettled).every((o) => o.status !== 'pending')).toBe(true);
    const verified = (await call('GET', '/api/staff/organisations/?status=verified', staff.headers)).json<{ organisations: Organisation[] }>();
    expect(verified.organisations.every((o) => o.status === 'verified')).toBe(true);
    expect((await call('GET', '/api/staff/organisations/?status=lost', staff.headers)).statusCode).toBe(400);
    const search = async (q: string) => (await call('GET', `/api/staff/organisations/?search=${encodeURIComponent(q)}`, staff.headers))
      .json<{ organisations: { name: string }[] }>().organisations.map((o) => o.name);
    expect(await search('old cli')).toEqual(['Old Clinic']);
    expect(await search('OLD@CLINIC')).toEqual(['Old Clinic']);
    expect(await search('%')).toEqual([]);
  });

  it('approves a pending organisation once and mails the buyer', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'approve@clinic.example', hospitalName: 'Services Hospital', status: 'pending' });
    const id = buyer.organisation!.id;
    const response = await call('POST', `/api/staff/organisations/${id}/approve/`, staff.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json<StaffOrganisationDetail>().organisation).toMatchObject({ status: 'verified', reviewed_by: 'Test User' });
    expect(t.mailer.lastTo('approve@clinic.example')?.subject).toBe('Sialkot Surgical: Services Hospital is verified');
    const twice = await call('POST', `/api/staff/organisations/${id}/approve/`, staff.headers);
    expect(twice.statusCode).toBe(409);
    expect((await call('POST', `/api/staff/organisations/${id}/reject/`, staff.headers, { reason: 'Licence expired' })).statusCode).toBe(409);
    expect((await rowOf(id)).status).toBe('verified');
  });

  it('rejects with a reason that is mailed and shown; the buyer can then ask again', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'reject@clinic.example', hospitalName: 'Unknown Clinic', status: 'pending' });
    const id = buyer.organisation!.id;
    const blank = await call('POST', `/api/staff/organisations/${id}/reject/`, staff.headers, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ reason: ['Give the reason in a few words.'] });
    expect((await rowOf(id)).status).toBe('pending');

    const response = await call('POST', `/api/staff/organisations/${id}/reject/`, staff.headers, { reason: 'The licence number is not on the PMC register.' });
    expect(response.statusCode).toBe(200);
    const mail = t.mailer.lastTo('reject@clinic.example')!;
    expect(mail.subject).toBe('Sialkot Surgical: Unknown Clinic could not be verified');
    expect(mail.text).toContain('Reason: The licence number is not on the PMC register.');
    expect(await mine(buyer.headers)).toMatchObject({ status: 'rejected', rejection_reason: 'The licence number is not on the PMC register.' });
    expect((await call('POST', `/api/staff/organisations/${id}/approve/`, staff.headers)).statusCode).toBe(409);

    const again = await call('POST', '/api/organisations/mine/submit/', buyer.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().organisation).toMatchObject({ status: 'pending', rejection_reason: null, reviewed_at: null });
  });

  it('sends a verified organisation back to review when the buyer changes the licence number', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'moved@clinic.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 100_000 });
    const unchanged = await call('PUT', '/api/auth/profile/', buyer.headers, { first_name: 'Sana' });
    expect(unchanged.statusCode).toBe(200);
    expect((await mine(buyer.headers))!.status).toBe('verified');
    const changed = await call('PUT', '/api/auth/profile/', buyer.headers, { profile: { license_number: 'PMC-99-0001' } });
    expect(changed.statusCode).toBe(200);
    expect(await mine(buyer.headers)).toMatchObject({ status: 'pending', licence_number: 'PMC-99-0001', can_pay_by_invoice: false });
  });
});

describe('account manager, terms and credit limit', () => {
  it('are only for verified organisations', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'early@clinic.example', status: 'pending' });
    const response = await call('PATCH', `/api/staff/organisations/${buyer.organisation!.id}/`, staff.headers, { payment_terms: 'net30', credit_limit: '5000' });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('Verify this organisation first.');
  });

  it('refuse a non-staff manager and terms without a limit, per field, writing nothing', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'strict@clinic.example', status: 'verified' });
    const id = buyer.organisation!.id;
    const response = await call('PATCH', `/api/staff/organisations/${id}/`, staff.headers, {
      account_manager_id: buyer.user.id, payment_terms: 'net60',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      account_manager_id: ['Choose a staff member.'],
      credit_limit: ['Set a credit limit above 0 for payment terms.'],
    });
    const shape = await call('PATCH', `/api/staff/organisations/${id}/`, staff.headers, { payment_terms: 'net90', credit_limit: '12.345' });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().errors).sort()).toEqual(['credit_limit', 'payment_terms']);
    expect(await rowOf(id)).toMatchObject({ accountManagerId: null, paymentTerms: 'none', creditLimitCents: 0 });
  });

  it('are set by staff and shown to the buyer with the manager’s contact details', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'termed@clinic.example', status: 'verified' });
    const seller = await createTestUser(t.database.db, { email: 'seller@example.com', staffRole: 'sales' });
    const packer = await createTestUser(t.database.db, { email: 'packer@example.com', staffRole: 'fulfilment' });
    await createTestUser(t.database.db, { email: 'invited@example.com', staffRole: 'sales', isVerified: false });
    const managers = (await call('GET', '/api/staff/account-managers/', staff.headers)).json().managers;
    expect(managers.map((manager: { email: string }) => manager.email).sort()).toEqual(['manager@example.com', 'seller@example.com']);
    expect(managers).toContainEqual({ id: seller.user.id, name: 'Test User', email: 'seller@example.com', phone: '' });
    const notSales = await call('PATCH', `/api/staff/organisations/${buyer.organisation!.id}/`, staff.headers, { account_manager_id: packer.user.id });
    expect(notSales.statusCode).toBe(400);
    expect(notSales.json().errors).toEqual({ account_manager_id: ['Choose a staff member.'] });
    const response = await call('PATCH', `/api/staff/organisations/${buyer.organisation!.id}/`, staff.headers, {
      account_manager_id: staff.user.id, payment_terms: 'net30', credit_limit: '5000.50',
    });
    expect(response.statusCode).toBe(200);
    expect(await mine(buyer.headers)).toMatchObject({
      status: 'verified', payment_terms: 'net30', credit_limit: '5000.50', credit_used: '0.00', credit_available: '5000.50',
      can_pay_by_invoice: true, account_manager: { name: 'Test User', email: 'manager@example.com' },
    });
  });
});

describe('price lists', () => {
  it('take a percentage for everything, a category or a product, and a fixed price for a product; a target’s new line replaces its old one', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'prices@clinic.example', status: 'verified' });
    const id = buyer.organisation!.id;
    const add = (payload: Record<string, unknown>) => call('POST', `/api/staff/organisations/${id}/prices/`, staff.headers, payload);
    expect((await add({ scope: 'all', kind: 'percent', value: '5' })).statusCode).toBe(200);
    expect((await add({ scope: 'category', category: 'orthopedics', kind: 'percent', value: '12.5' })).statusCode).toBe(200);
    expect((await add({ scope: 'product', product: 'T-1000', kind: 'fixed', value: '99' })).statusCode).toBe(200);
    const replaced = await add({ scope: 'product', product: productSlug, kind: 'fixed', value: '98.50' });
    expect(replaced.json().price_list.map((rule: { scope: string; kind: string; value: string }) => [rule.scope, rule.kind, rule.value])).toEqual([
      ['all', 'percent', '5.00'], ['category', 'percent', '12.50'], ['product', 'fixed', '98.50'],
    ]);
    expect(replaced.json().price_list[2].product).toMatchObject({ slug: productSlug, model_number: 'T-1000', price: '129.50' });
  });

  it('refuse bad lines per field and write nothing', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'badprices@clinic.example', status: 'verified' });
    const id = buyer.organisation!.id;
    const add = (payload: Record<string, unknown>) => call('POST', `/api/staff/organisations/${id}/prices/`, staff.headers, payload);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ scope: 'category', kind: 'fixed', value: '10' }, {
        category: ['Choose a category.'],
        kind: ['A fixed price is set for one product; use a percentage for a category or everything.'],
      }],
      [{ scope: 'all', kind: 'percent', value: '100' }, { value: ['Enter a percentage between 0.01 and 99.99.'] }],
      [{ scope: 'all', kind: 'percent', value: 'ten' }, { value: ['Enter a number like 12.50.'] }],
      [{ scope: 'product', product: 'NO-SUCH', kind: 'percent', value: '10' }, { product: ['No product with this model number or slug.'] }],
      [{ scope: 'category', category: 'cardiology', kind: 'percent', value: '10' }, { category: ['No category with this slug.'] }],
      [{ scope: 'product', product: 'T-1000', kind: 'fixed', value: '129.50' }, { value: ['Enter less than the list price, 129.50.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await add(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await t.database.db.select().from(organisationPrices).where(eq(organisationPrices.organisationId, id))).toEqual([]);
  });

  it('are only for verified organisations, and a line of another organisation is 404', async () => {
    const pending = await createBusinessBuyer(t.database.db, { email: 'pendingprices@clinic.example', status: 'pending' });
    expect((await call('POST', `/api/staff/organisations/${pending.organisation!.id}/prices/`, staff.headers,
      { scope: 'all', kind: 'percent', value: '10' })).statusCode).toBe(409);
    const a = await createBusinessBuyer(t.database.db, { email: 'a@clinic.example', status: 'verified' });
    const b = await createBusinessBuyer(t.database.db, { email: 'b@clinic.example', status: 'verified' });
    const added = await call('POST', `/api/staff/organisations/${a.organisation!.id}/prices/`, staff.headers, { scope: 'all', kind: 'percent', value: '10' });
    const ruleId = added.json().price_list[0].id;
    expect((await call('DELETE', `/api/staff/organisations/${b.organisation!.id}/prices/${ruleId}/`, staff.headers)).statusCode).toBe(404);
    expect((await detail(a.organisation!.id)).price_list).toHaveLength(1);
    const removed = await call('DELETE', `/api/staff/organisations/${a.organisation!.id}/prices/${ruleId}/`, staff.headers);
    expect(removed.json().price_list).toEqual([]);
  });
});
