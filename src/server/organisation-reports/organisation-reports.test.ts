import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationOrder, SpendRow } from '#contracts/organisation-reports';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisationDepartments, organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { creditNotes } from '../db/schema/returns.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { testShippingAddress } from '../test/commerce-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { issueCreditNote } from '../credit-notes/issue-credit-note.ts';
import { monthRange } from './organisation-reports.service.ts';

type Headers = Record<string, string>;
let t: TestApp;
const who: Record<string, Headers> = {};
let orderNumbers: string[] = [];
const orderIds: string[] = [];
/** An order the buyer placed for themselves, before joining: no organisation's. */
let ownOrderId = '';

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified' });
  const organisationId = founder.organisation!.id;
  who.admin = founder.headers;
  const people: Record<string, Awaited<ReturnType<typeof addMember>>> = {};
  for (const role of ['approver', 'buyer', 'finance'] as const) {
    people[role] = await addMember(db, organisationId, `${role}@mayo.example`, role);
    who[role] = people[role].headers;
  }
  who.colleague = (await addMember(db, organisationId, 'colleague@mayo.example', 'buyer')).headers;
  const leaver = await addMember(db, organisationId, 'leaver@mayo.example', 'finance');
  who.leaver = leaver.headers;
  const outsider = await createBusinessBuyer(db, { email: 'admin@services.example', status: 'verified' });
  who.outsider = outsider.headers;
  who.outsiderFinance = (await addMember(db, outsider.organisation!.id, 'finance@services.example', 'finance')).headers;
  who.loner = (await createTestUser(db, { email: 'loner@example.com', accountType: 'business' })).headers;
  const { products } = await insertCatalogue(db, ['general-surgery'], [{ name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000 }]);
  const [theatre] = await db.insert(organisationDepartments).values({
    organisationId, name: 'Theatre', costCentre: 'CC-410', billTo: testShippingAddress, shipTo: [testShippingAddress],
  }).returning();
  const place = async (userId: string, at: string, departmentId: number | null, poNumber: string, status: 'confirmed' | 'cancelled' = 'confirmed') => {
    const { id: orderId, orderNumber } = await insertOrder(db, userId, [{ productId: products[0].id }]);
    await db.update(orders).set({ createdAt: new Date(at), status, totalCents: 12_000 }).where(eq(orders.id, orderId));
    await db.insert(organisationOrders).values({ orderId, organisationId, departmentId, poNumber });
    orderIds.push(orderId);
    return orderNumber;
  };
  orderNumbers = [
    await place(people.buyer.user.id, '2026-10-05T10:00:00Z', theatre.id, 'PO-1'),
    await place(people.buyer.user.id, '2026-11-03T10:00:00Z', theatre.id, '=HYPERLINK("x")'),
    await place(founder.user.id, '2026-11-20T10:00:00Z', null, '-2+3'),
    await place(people.buyer.user.id, '2026-11-21T10:00:00Z', theatre.id, 'PO-4', 'cancelled'),
  ];
  // Returns credited later, each counted in the month of its credit note; a cancelled order's spends nothing to credit.
  for (const [orderId, at, cents] of [
    [orderIds[0], '2026-11-10T09:00:00Z', 3_000], [orderIds[3], '2026-11-22T09:00:00Z', 5_000], [orderIds[2], '2026-12-02T09:00:00Z', 2_000],
  ] as const) {
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const note = await db.transaction((tx) => issueCreditNote(tx, {
      orderId, kind: 'refund', feesCents: 0, taxCents: 0, totalCents: cents,
      lines: [{ orderItemId: item.id, name: item.name, variantLabel: '', modelNumber: item.modelNumber, quantity: 1, unitPriceCents: cents, totalCents: cents }],
    }));
    await db.update(creditNotes).set({ createdAt: new Date(at) }).where(eq(creditNotes.id, note.id));
  }
  ownOrderId = (await insertOrder(db, people.buyer.user.id, [{ productId: products[0].id }])).id;
  await db.delete(organisationMembers).where(eq(organisationMembers.id, leaver.memberId));
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

describe("an organisation's orders and spend", () => {
  it('are read by admins, approvers and finance across members, refused to buyers and unknown to others', async () => {
    for (const role of ['admin', 'approver', 'finance']) {
      const listed = (await get('/api/organisation/orders/', who[role])).json<{ orders: OrganisationOrder[]; count: number }>();
      expect(listed.count).toBe(4);
      expect(listed.orders.map((order) => order.orderNumber)).toEqual([...orderNumbers].reverse());
      expect(listed.orders[1].placedBy.email).toBe('admin@mayo.example');
      expect(listed.orders[0].purchaseOrder).toMatchObject({ poNumber: 'PO-4', department: 'Theatre' });
    }
    for (const url of ['/api/organisation/orders/', '/api/organisation/reports/spend/', '/api/organisation/reports/orders.csv']) {
      const refused = await get(url, who.buyer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ORGANISATION_ROLE');
      expect((await get(url, who.loner)).statusCode).toBe(404);
    }
    expect((await get('/api/organisation/orders/', who.outsider)).json().count).toBe(0);
  });

  it('is summed by month and department, less the credit notes issued in the month, leaving cancelled orders out', async () => {
    const report = (await get('/api/organisation/reports/spend/?from=2026-10&to=2026-11', who.finance)).json<{ rows: SpendRow[] }>();
    const theatre = { department_id: expect.any(Number), department: 'Theatre' };
    const none = { department_id: null, department: null };
    expect(report.rows).toEqual([
      { month: '2026-10', ...theatre, orders: 1, total: '120.00', credit_notes: 0, credited: '0.00', net: '120.00' },
      // October's order credited in November.
      { month: '2026-11', ...theatre, orders: 1, total: '120.00', credit_notes: 1, credited: '30.00', net: '90.00' },
      { month: '2026-11', ...none, orders: 1, total: '120.00', credit_notes: 0, credited: '0.00', net: '120.00' },
    ]);
    // A month that only credited has its row, below zero.
    const december = (await get('/api/organisation/reports/spend/?from=2026-12&to=2026-12', who.finance)).json<{ rows: SpendRow[] }>();
    expect(december.rows).toEqual([{ month: '2026-12', ...none, orders: 0, total: '0.00', credit_notes: 1, credited: '20.00', net: '-20.00' }]);
    expect((await get('/api/organisation/reports/spend/?from=2026-13', who.finance)).statusCode).toBe(400);
  });

  it('exports one CSV row per order and per credit note for finance, oldest first, with formulas kept as text', async () => {
    const csv = await get('/api/organisation/reports/orders.csv?from=2026-10&to=2026-11', who.finance);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('date,order_number,placed_by,department,cost_centre,po_number,status,payment_status,payment_method,total_usd,credit_note');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(`2026-10-05,${orderNumbers[0]},buyer@mayo.example,Theatre,CC-410,PO-1,confirmed,paid,,120.00,`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    // A credit note's amount is a number below zero, so that the column adds up to the net; other text starting with '-' is kept as text.
    expect(lines[3]).toBe(`2026-11-10,${orderNumbers[0]},buyer@mayo.example,Theatre,CC-410,PO-1,confirmed,paid,,-30.00,CN-000001`);
    expect(lines[4]).toBe(`2026-11-20,${orderNumbers[2]},admin@mayo.example,,,'-2+3,confirmed,paid,,120.00,`);
  });

  it('covers the twelve months up to this one by default', () => {
    expect(monthRange({}, new Date('2026-11-28T00:00:00Z'))).toEqual({ from: '2025-12', to: '2026-11' });
  });
});

describe("the invoice of an organisation's order", () => {
  const invoice = (orderId: string, headers: Headers) => get(`/api/orders/${orderId}/invoice.pdf`, headers);

  it("is downloaded by the organisation's admins, approvers and finance, whoever of its members placed the order", async () => {
    for (const role of ['finance', 'approver', 'admin']) {
      const pdf = await invoice(orderIds[0], who[role]);
      expect(pdf.statusCode, role).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`invoice-${orderNumbers[0]}.pdf`);
    }
    expect((await invoice(orderIds[0], who.buyer)).statusCode).toBe(200);
  });

  it('is 404 to a buyer colleague, another organisation, a removed member and anyone else, as for any order not theirs', async () => {
    for (const as of ['colleague', 'outsiderFinance', 'outsider', 'leaver', 'loner']) {
      const refused = await invoice(orderIds[0], who[as]);
      expect(refused.statusCode, as).toBe(404);
      expect(refused.json().detail).toBe('Order not found.');
    }
    // A buyer's order placed for no organisation stays their own.
    expect((await invoice(ownOrderId, who.finance)).statusCode).toBe(404);
    expect((await invoice(ownOrderId, who.buyer)).statusCode).toBe(200);
  });

  it('gives finance nothing to record: the order cannot be cancelled by them', async () => {
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${orderIds[0]}/cancel/`, headers: who.finance });
    expect(cancel.statusCode).toBe(404);
    const [order] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderIds[0]));
    expect(order.status).toBe('confirmed');
  });
});
