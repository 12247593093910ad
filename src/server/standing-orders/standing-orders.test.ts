import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#contracts/standing-orders';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { orderRequests, organisationDepartments, memberDepartments, spendingLimits } from '../db/schema/organisation-purchasing.ts';
import { orderInvoices, organisations } from '../db/schema/organisations.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { products } from '../db/schema/catalog.ts';
import { standingOrderRuns, standingOrders } from '../db/schema/standing-orders.ts';
import { users } from '../db/schema/users.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { shopNoon, standingOrderDeps } from '../test/standing-order-fixtures.ts';
import { TEST_PUBLIC_URL } from '../test/test-app.ts';
import { NO_TERMS } from './standing-order-access.ts';
import { INTERRUPTED, runStandingOrders } from './standing-order-runs.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let deps: PaymentDeps;
let organisationId: string;
let kelly: number;
let mayo: number;
let retractor: number;
const who: Record<'admin' | 'buyer' | 'colleague' | 'finance' | 'individual' | 'unverified', Headers> = {
  admin: {}, buyer: {}, colleague: {}, finance: {}, individual: {}, unverified: {},
};
let buyerId: string;
let lists = 0;

const today = () => shopDay(new Date());
const tomorrow = () => addDays(today(), 1);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const standing = (listId: number, rest = '') => `/api/reorder-lists/${listId}/standing-order/${rest}`;
const setUp = (listId: number, body: object = {}, headers = who.buyer) => call('PUT', standing(listId), headers, {
  frequency: 'weekly', first_run_on: tomorrow(), shipping_address: testShippingAddress, po_number: 'PO-STANDING', ...body,
});

/** A list of the buyer's with these products at these par levels. */
async function listOf(items: [number, number][], headers = who.buyer): Promise<number> {
  const created = await call('POST', '/api/reorder-lists', headers, { name: `Theatre ${++lists}` });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<{ list: { id: number } }>().list;
  for (const [productId, parLevel] of items) {
    expect((await call('POST', `/api/reorder-lists/${id}/items`, headers, { product_id: productId, par_level: parLevel })).statusCode).toBe(200);
  }
  return id;
}

const runsOf = (listId: number) => t.database.db.select({ run: standingOrderRuns }).from(standingOrderRuns)
  .innerJoin(standingOrders, eq(standingOrders.id, standingOrderRuns.standingOrderId))
  .where(eq(standingOrders.listId, listId)).orderBy(asc(standingOrderRuns.runOn)).then((rows) => rows.map((row) => row.run));
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox)
  .where(sql`${mailOutbox.kind} = 'standing_order' and ${mailOutbox.to} = ${email}`).orderBy(asc(mailOutbox.id));

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  deps = standingOrderDeps(t, TEST_PUBLIC_URL);
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 10_000_000 });
  organisationId = founder.organisation!.id;
  who.admin = founder.headers;
  const buyer = await addMember(db, organisationId, 'buyer@mayo.example', 'buyer');
  who.buyer = buyer.headers;
  buyerId = buyer.user.id;
  await db.update(users).set({ firstName: 'Ayesha' }).where(eq(users.id, buyerId));
  who.colleague = (await addMember(db, organisationId, 'colleague@mayo.example', 'buyer')).headers;
  who.finance = (await addMember(db, organisationId, 'finance@mayo.example', 'finance')).headers;
  who.individual = (await createTestUser(db, { email: 'nurse@example.com' })).headers;
  who.unverified = (await createBusinessBuyer(db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'pending' })).headers;
  const { products: rows } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_850, stock: 50 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_400, stock: 50 },
    { name: 'Deaver Retractor', category: 'general-surgery', priceCents: 6_000, stock: 1 },
  ]);
  [kelly, mayo, retractor] = rows.map((row) => row.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(spendingLimits);
  await t.database.db.update(products).set({ status: 'active' });
});

describe('setting a standing order up', () => {
  it('saves the schedule, the address and the PO number, and shows the next run', async () => {
    const listId = await listOf([[kelly, 4]]);
    expect((await call('GET', standing(listId), who.buyer)).json()).toEqual({ standing_order: null, refused: null });
    const saved = await setUp(listId, { frequency: 'monthly' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().standing_order).toMatchObject({
      list_id: listId, frequency: 'monthly', next_run_on: tomorrow(), next_run_skipped: false,
      shipping_address: { city: 'Lahore', firstName: 'Ayesha' }, department_id: null, po_number: 'PO-STANDING',
    });
    expect((await call('GET', standing(listId), who.buyer)).json()).toEqual({ ...saved.json(), refused: null });
  });

  it('refuses bad fields one by one, with 400s, writing nothing', async () => {
    const listId = await listOf([[kelly, 4]]);
    const bad = await setUp(listId, {
      frequency: 'daily', first_run_on: '2026-02-30', shipping_address: { ...testShippingAddress, city: '', phone: 'call me' }, po_number: 'x'.repeat(51),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['first_run_on', 'frequency', 'po_number', 'shipping_address.city', 'shipping_address.phone']);
    const past = await setUp(listId, { first_run_on: today() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ first_run_on: ['Choose a date from tomorrow on.'] });
    const far = await setUp(listId, { first_run_on: addDays(today(), 400) });
    expect(far.json().errors.first_run_on).toEqual(['Choose a date within 366 days.']);
    const noDepartment = await setUp(listId, { department_id: 999 });
    expect(noDepartment.json().errors).toEqual({ department_id: ['Choose one of your departments.'] });
    expect(await t.database.db.select().from(standingOrders).where(eq(standingOrders.listId, listId))).toEqual([]);
  });

  it('follows the organisation\'s rules: a PO number where it requires one, a department\'s own address', async () => {
    const { db } = t.database;
    const listId = await listOf([[kelly, 1]]);
    await db.update(organisations).set({ poRequired: true }).where(eq(organisations.id, organisationId));
    const noPo = await setUp(listId, { po_number: '' });
    await db.update(organisations).set({ poRequired: false }).where(eq(organisations.id, organisationId));
    expect(noPo.json().errors).toEqual({ po_number: ['Enter your purchase-order number.'] });

    const [member] = await db.select().from(organisationMembers).where(eq(organisationMembers.userId, buyerId));
    const ward = { ...testShippingAddress, address: 'Ward 7, Mayo Hospital' };
    const [theatre] = await db.insert(organisationDepartments).values({ organisationId, name: 'Theatre', billTo: ward, shipTo: [ward] }).returning();
    await db.insert(memberDepartments).values({ memberId: member.id, departmentId: theatre.id });
    try {
      expect((await setUp(listId)).json().errors).toEqual({ department_id: ['Choose the department this order is for.'] });
      expect((await setUp(listId, { department_id: theatre.id })).json().errors)
        .toEqual({ shipping_address: ["Choose one of your department's delivery addresses."] });
      const saved = await setUp(listId, { department_id: theatre.id, shipping_address: ward });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().standing_order.department_id).toBe(theatre.id);
    } finally {
      await db.delete(standingOrders).where(eq(standingOrders.listId, listId));
      await db.delete(organisationDepartments).where(eq(organisationDepartments.id, theatre.id));
    }
  });

  it('is for members of a verified organisation on invoice terms, each told why not', async () => {
    const individual = await listOf([[kelly, 1]], who.individual);
    expect((await setUp(individual, {}, who.individual)).json()).toMatchObject({ code: 'INVOICE_NOT_ALLOWED' });
    const pending = await listOf([[kelly, 1]], who.unverified);
    const notVerified = await setUp(pending, {}, who.unverified);
    expect([notVerified.statusCode, notVerified.json().code]).toEqual([409, 'NOT_VERIFIED']);
    // Reading says why, without failing: the list page shows it in place of the form.
    expect((await call('GET', standing(individual), who.individual)).json()).toEqual({ standing_order: null, refused: 'INVOICE_NOT_ALLOWED' });
    expect((await call('GET', standing(pending), who.unverified)).json()).toEqual({ standing_order: null, refused: 'NOT_VERIFIED' });
    const finance = await listOf([[kelly, 1]], who.finance);
    const role = await setUp(finance, {}, who.finance);
    expect([role.statusCode, role.json().code]).toEqual([403, 'ORGANISATION_ROLE']);
    await t.database.db.update(organisations).set({ paymentTerms: 'none' }).where(eq(organisations.id, organisationId));
    const noTerms = await setUp(await listOf([[kelly, 1]]));
    await t.database.db.update(organisations).set({ paymentTerms: 'net30' }).where(eq(organisations.id, organisationId));
    expect([noTerms.statusCode, noTerms.json().code]).toEqual([403, 'INVOICE_NOT_ALLOWED']);
    expect(await t.database.db.select().from(standingOrders).where(eq(standingOrders.userId, buyerId))).toHaveLength(1);
  });

  it('answers another buyer\'s list as not found, for every call', async () => {
    const listId = await listOf([[kelly, 1]]);
    expect((await setUp(listId)).statusCode).toBe(200);
    for (const [method, rest] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', 'skip/'], ['GET', 'runs/']] as const) {
      const answer = await call(method, standing(listId, rest), who.colleague, method === 'PUT'
        ? { frequency: 'weekly', first_run_on: tomorrow(), shipping_address: testShippingAddress } : method === 'POST' ? {} : undefined);
      expect([method, rest, answer.statusCode]).toEqual([method, rest, 404]);
    }
    expect((await call('GET', standing(listId), who.buyer)).json().standing_order.frequency).toBe('weekly');
  });

  it('skips the next run, naming its date, and takes the skip back; stopping ends it', async () => {
    const listId = await listOf([[kelly, 1]]);
    await setUp(listId);
    const skipped = await call('POST', standing(listId, 'skip/'), who.buyer, {});
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().detail).toBe(`The run on ${tomorrow()} is skipped: the next order is placed on ${addDays(tomorrow(), 7)}.`);
    expect(skipped.json().standing_order).toMatchObject({ next_run_on: tomorrow(), next_run_skipped: true });
    const back = await call('POST', standing(listId, 'skip/'), who.buyer, { skip: false });
    expect(back.json().standing_order.next_run_skipped).toBe(false);
    expect((await call('DELETE', standing(listId), who.buyer)).json()).toEqual({ detail: 'Standing order stopped.' });
    expect((await call('GET', standing(listId), who.buyer)).json()).toEqual({ standing_order: null, refused: null });
    expect((await call('DELETE', standing(listId), who.buyer)).statusCode).toBe(404);
    expect((await call('POST', standing(listId, 'skip/'), who.buyer, {})).statusCode).toBe(404);
  });
});

describe('a run', () => {
  it('orders every item at its par level on invoice terms, then moves a week on; runs list the order', async () => {
    const listId = await listOf([[kelly, 4], [mayo, 2]]);
    await setUp(listId);
    const runOn = tomorrow();
    expect(await runStandingOrders(deps, shopNoon(runOn))).toBeGreaterThanOrEqual(1);
    const [run] = await runsOf(listId);
    expect(run).toMatchObject({ runOn, status: 'placed', detail: '', orderId: expect.any(String) });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, run.orderId!));
    expect(order.userId).toBe(buyerId);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((line) => [line.name, line.quantity]).sort()).toEqual([['Kelly Hemostat', 4], ['Mayo Scissors', 2]]);
    expect(await t.database.db.select().from(orderInvoices).where(eq(orderInvoices.orderId, order.id))).toHaveLength(1);
    expect((await call('GET', standing(listId), who.buyer)).json().standing_order.next_run_on).toBe(addDays(runOn, 7));
    expect((await call('GET', standing(listId, 'runs/'), who.buyer)).json().runs).toEqual([{
      id: run.id, run_on: runOn, status: 'placed', order_id: order.id, order_number: order.orderNumber, order_request_id: null, detail: '',
    }]);
    const [mail] = (await mailsTo('buyer@mayo.example')).filter((row) => row.subject.includes(order.orderNumber));
    expect(mail.subject).toBe(`Sialkot Surgical: Standing order placed: order ${order.orderNumber}`);
    expect(mail.text).toContain('4 × Kelly Hemostat');

    // The same day again: nothing more is ordered.
    await runStandingOrders(deps, shopNoon(runOn));
    expect(await runsOf(listId)).toHaveLength(1);

    // Stopped, it runs no more, and its past runs stay listed.
    expect((await call('DELETE', standing(listId), who.buyer)).statusCode).toBe(200);
    await runStandingOrders(deps, shopNoon(addDays(runOn, 7)));
    expect(await runsOf(listId)).toHaveLength(1);
    expect((await call('GET', standing(listId, 'runs/'), who.buyer)).json().runs).toHaveLength(1);
    expect((await call('GET', standing(listId), who.buyer)).json()).toEqual({ standing_order: null, refused: null });
  });

  it('taken over after its process died mid-run, answers the order already placed instead of placing another', async () => {
    const { db } = t.database;
    const listId = await listOf([[kelly, 1]]);
    await setUp(listId);
    const runOn = tomorrow();
    await runStandingOrders(deps, shopNoon(runOn));
    const [run] = await runsOf(listId);
    const ordersBefore = (await db.select().from(orders)).length;
    // As a process that placed the order and died before recording it would leave things.
    await db.update(standingOrderRuns).set({ status: 'failed', detail: INTERRUPTED, orderId: null, createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(standingOrderRuns.id, run.id));
    await db.update(standingOrders).set({ nextRunOn: runOn }).where(eq(standingOrders.listId, listId));
    await runStandingOrders(deps, shopNoon(runOn));
    expect((await db.select().from(orders)).length).toBe(ordersBefore);
    expect(await runsOf(listId)).toMatchObject([{ id: run.id, status: 'placed', orderId: run.orderId }]);
  });

  it('above a spending limit becomes a request waiting for an approver', async () => {
    const listId = await listOf([[mayo, 10]]);
    await setUp(listId);
    expect((await call('PUT', '/api/organisation/limits/', who.admin, { per_order: '100.00', per_month: null })).statusCode).toBe(200);
    await runStandingOrders(deps, shopNoon(tomorrow()));
    const [run] = await runsOf(listId);
    expect(run).toMatchObject({ status: 'held', orderId: null, orderRequestId: expect.any(Number) });
    const [request] = await t.database.db.select().from(orderRequests).where(eq(orderRequests.id, run.orderRequestId!));
    expect(request).toMatchObject({ status: 'pending', poNumber: 'PO-STANDING', lines: [{ name: 'Mayo Scissors', quantity: 10 }] });
    expect(request.amountCents).toBeGreaterThan(10_000);
    const held = (await mailsTo('buyer@mayo.example')).at(-1)!;
    expect(held.text).toContain(`request #${request.id}`);
    expect((await call('GET', standing(listId, 'runs/'), who.buyer)).json().runs[0]).toMatchObject({ status: 'held', order_request_id: request.id });
  });

  it('is skipped when the buyer skipped it: nothing ordered, the run after is the next', async () => {
    const listId = await listOf([[kelly, 1]]);
    await setUp(listId);
    await call('POST', standing(listId, 'skip/'), who.buyer, {});
    const before = (await t.database.db.select().from(orders)).length;
    await runStandingOrders(deps, shopNoon(tomorrow()));
    expect(await runsOf(listId)).toMatchObject([{ runOn: tomorrow(), status: 'skipped', orderId: null }]);
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    expect((await call('GET', standing(listId), who.buyer)).json().standing_order).toMatchObject({
      next_run_on: addDays(tomorrow(), 7), next_run_skipped: false,
    });
  });

  it('leaves out what cannot be ordered and names it; with nothing orderable it fails and says why', async () => {
    const partly = await listOf([[kelly, 2], [retractor, 3]]);
    await setUp(partly);
    const nothing = await listOf([[retractor, 3], [mayo, 1]]);
    await setUp(nothing);
    await t.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, mayo));
    await runStandingOrders(deps, shopNoon(tomorrow()));
    const [placed] = await runsOf(partly);
    expect(placed.status).toBe('placed');
    expect(placed.detail).toMatch(/^Left out: 3 × Deaver Retractor \(.+\): out of stock\.$/);
    const [failed] = await runsOf(nothing);
    expect(failed.status).toBe('failed');
    expect(failed.detail).toMatch(/^Nothing on the list could be ordered: 3 × Deaver Retractor \(.+\): out of stock; 1 × Mayo Scissors \(.+\): no longer sold\.$/);
    const mail = (await mailsTo('buyer@mayo.example')).at(-1)!;
    expect(mail.subject).toBe(`Sialkot Surgical: Your standing order of ${tomorrow()} was not placed`);
    expect(mail.text).toContain('Left out, no longer sold: 1 × Mayo Scissors');
  });
});

describe('a run for an organisation that lost its invoice terms', () => {
  it('fails, saying why, and mails the buyer', async () => {
    const { db } = t.database;
    const listId = await listOf([[kelly, 1]]);
    await setUp(listId);
    await db.update(organisations).set({ paymentTerms: 'none' }).where(eq(organisations.id, organisationId));
    try {
      await runStandingOrders(deps, shopNoon(tomorrow()));
    } finally {
      await db.update(organisations).set({ paymentTerms: 'net30' }).where(eq(organisations.id, organisationId));
    }
    expect(await runsOf(listId)).toMatchObject([{ status: 'failed', detail: NO_TERMS, orderId: null }]);
    const mail = (await mailsTo('buyer@mayo.example')).at(-1)!;
    expect(mail.subject).toBe(`Sialkot Surgical: Your standing order of ${tomorrow()} was not placed`);
    expect(mail.text).toContain(NO_TERMS);
  });
});

describe('the notice before a run', () => {
  it('is mailed once per run, two days before, in the buyer\'s language, with the items and a link to skip', async () => {
    const { db } = t.database;
    await db.update(users).set({ language: 'ar' }).where(eq(users.id, buyerId));
    const listId = await listOf([[kelly, 4]]);
    const runOn = addDays(today(), 5);
    await setUp(listId, { first_run_on: runOn });
    const before = (await mailsTo('buyer@mayo.example')).length;
    await runStandingOrders(deps, shopNoon(addDays(runOn, -3)));
    expect(await mailsTo('buyer@mayo.example')).toHaveLength(before);
    await runStandingOrders(deps, shopNoon(addDays(runOn, -2)));
    // A change that keeps the date does not mail the run's notice again.
    expect((await setUp(listId, { first_run_on: runOn, po_number: 'PO-CHANGED' })).statusCode).toBe(200);
    await runStandingOrders(deps, shopNoon(addDays(runOn, -1)));
    await db.update(users).set({ language: 'en' }).where(eq(users.id, buyerId));
    const notices = (await mailsTo('buyer@mayo.example')).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toContain('طلبك الدوري');
    expect(notices[0].html).toContain('dir="rtl"');
    expect(notices[0].text).toContain('Kelly Hemostat');
    expect(notices[0].text).toContain(`${TEST_PUBLIC_URL}/profile/reorder-lists?list=${listId}`);
    expect(await runsOf(listId)).toEqual([]);
  });
});
