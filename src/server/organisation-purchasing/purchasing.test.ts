import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '#contracts/organisation-purchasing';
import { orderRequests, organisationOrders, spendingLimits } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let organisationId: string;
let productId: number;
/** `colleague`: a second buyer, whose spending is their own. */
const who: Record<'admin' | 'approver' | 'buyer' | 'colleague' | 'finance' | 'outsider', Headers> = {
  admin: {}, approver: {}, buyer: {}, colleague: {}, finance: {}, outsider: {},
};
const ids: Partial<Record<'approver' | 'buyer' | 'colleague' | 'finance', number>> = {};
let keys = 0;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const cartTotal = async (headers: Headers) => Number((await call('GET', '/api/cart/', headers)).json().grand_total);
const fill = async (headers: Headers, quantity: number) => {
  await t.app.inject({ method: 'POST', url: '/api/cart/clear/', headers });
  const added = await call('POST', '/api/cart/add-item/', headers, { product_id: productId, quantity });
  expect(added.statusCode).toBe(200);
};
/** Checks out the cart by invoice (or `method`), with these order details besides the shipping address. */
const checkout = async (headers: Headers, details: Record<string, unknown> = {}, method: 'invoice' | 'credit_card' = 'invoice') => {
  const body = paymentBody(method, await cartTotal(headers), method === 'invoice' ? { currency: 'USD', paymentData: {} } as never : {});
  return t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `purchase-${++keys}` },
    payload: { ...body, orderDetails: { ...body.orderDetails, ...details } },
  });
};
const limit = (body: Record<string, unknown>, headers = who.admin) => call('PUT', '/api/organisation/limits/', headers, body);
const requests = async (headers: Headers) => (await call('GET', '/api/organisation/approvals/', headers)).json<{ requests: OrderRequest[] }>().requests;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 5_000_000 });
  organisationId = founder.organisation!.id;
  who.admin = founder.headers;
  for (const role of ['approver', 'buyer', 'finance'] as const) {
    const member = await addMember(db, organisationId, `${role}@mayo.example`, role);
    who[role] = member.headers;
    ids[role] = member.memberId;
  }
  const colleague = await addMember(db, organisationId, 'colleague@mayo.example', 'buyer');
  who.colleague = colleague.headers;
  ids.colleague = colleague.memberId;
  who.outsider = (await createBusinessBuyer(db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'verified' })).headers;
  const { products } = await insertCatalogue(db, ['general-surgery'], [{ name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000, stock: 500 }]);
  productId = products[0].id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(spendingLimits);
});

describe('spending limits', () => {
  it('are set by admins only, per organisation, member or department, and removed with two nulls', async () => {
    expect((await limit({ per_order: '500.00', per_month: null })).json().limits).toEqual([
      { id: expect.any(Number), member_id: null, department_id: null, per_order: '500.00', per_month: null },
    ]);
    expect((await limit({ per_order: null, per_month: '2000', member_id: ids.buyer })).statusCode).toBe(200);
    for (const role of ['approver', 'buyer', 'finance'] as const) {
      const refused = await limit({ per_order: '1.00', per_month: null }, who[role]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ORGANISATION_ROLE');
    }
    expect((await limit({ per_order: '1.00', per_month: null }, who.outsider)).json().limits).toHaveLength(1);
    expect((await call('GET', '/api/organisation/limits/', who.buyer)).json().limits).toHaveLength(2);
    expect((await limit({ per_order: null, per_month: null })).json().limits).toHaveLength(1);
  });

  it('refuses bad amounts and targets per field, writing nothing', async () => {
    const bad = await limit({ per_order: '-5', per_month: '1e20', member_id: 1, department_id: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['department_id', 'per_month', 'per_order']);
    const foreign = await limit({ per_order: '10.00', per_month: null, member_id: 999_999 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.member_id).toBeDefined();
    expect(await t.database.db.select().from(spendingLimits)).toEqual([]);
  });
});

describe('an order above a limit', () => {
  it('waits for an approver, charges nothing, takes the cart and mails the approvers', async () => {
    await limit({ per_order: '500.00', per_month: null });
    await fill(who.buyer, 6);
    const before = (await t.database.db.select().from(orders)).length;
    const mailsBefore = t.mailer.sent.length;
    const response = await checkout(who.buyer, { poNumber: 'PO-7781' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: false, approvalRequired: true, requestId: expect.any(Number), message: expect.any(String) });
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    expect(await t.database.db.select().from(payments)).toEqual([]);
    expect((await call('GET', '/api/cart/', who.buyer)).json().items).toEqual([]);
    const mailed = t.mailer.sent.slice(mailsBefore).map((mail) => mail.to).sort();
    expect(mailed).toEqual(['admin@mayo.example', 'approver@mayo.example']);

    const [request] = await requests(who.approver);
    expect(request).toMatchObject({
      status: 'pending', amount: expect.any(String), po_number: 'PO-7781', can_decide: true,
      requested_by: { email: 'buyer@mayo.example' }, exceeded: [{ scope: 'organisation', period: 'order', limit: '500.00', spent: '0.00' }],
      lines: [{ name: 'Mayo Scissors', quantity: 6, unit_price: '100.00' }],
    });
    expect((await requests(who.buyer))[0]).toMatchObject({ id: request.id, can_decide: false });
    expect(await requests(who.finance)).toEqual([]);
    expect(await requests(who.outsider)).toEqual([]);
  });

  it('is placed by invoice for the buyer when approved, once, with the decision recorded', async () => {
    const [waiting] = (await requests(who.approver)).filter((request) => request.status === 'pending');
    for (const role of ['buyer', 'finance'] as const) {
      const refused = await call('POST', `/api/organisation/approvals/${waiting.id}/approve/`, who[role]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ORGANISATION_ROLE');
    }
    expect((await call('POST', `/api/organisation/approvals/${waiting.id}/approve/`, who.outsider)).statusCode).toBe(404);

    const approved = await call('POST', `/api/organisation/approvals/${waiting.id}/approve/`, who.approver);
    expect(approved.statusCode).toBe(200);
    const request = approved.json<{ request: OrderRequest }>().request;
    expect(request).toMatchObject({ status: 'approved', decided_by: 'Test User', can_decide: false, order_number: expect.stringMatching(/^SS-/) });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, request.order_number!));
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'awaiting_payment', totalCents: Number(request.amount.replace('.', '')) });
    const [link] = await t.database.db.select().from(organisationOrders).where(eq(organisationOrders.orderId, order.id));
    expect(link).toMatchObject({ organisationId, poNumber: 'PO-7781', departmentId: null });
    const buyerOrders = (await call('GET', '/api/orders/', who.buyer)).json();
    expect(JSON.stringify(buyerOrders)).toContain(request.order_number!);

    const again = await call('POST', `/api/organisation/approvals/${waiting.id}/approve/`, who.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ILLEGAL_TRANSITION');
  });

  it('is rejected with a reason, mailed to the buyer, and cannot be approved afterwards', async () => {
    await limit({ per_order: '500.00', per_month: null });
    await fill(who.buyer, 7);
    const { requestId } = (await checkout(who.buyer)).json();
    const noReason = await call('POST', `/api/organisation/approvals/${requestId}/reject/`, who.approver, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBeDefined();
    const rejected = await call('POST', `/api/organisation/approvals/${requestId}/reject/`, who.approver, { reason: 'Over the theatre budget this quarter.' });
    expect(rejected.json().request).toMatchObject({ status: 'rejected', reason: 'Over the theatre budget this quarter.' });
    expect(t.mailer.lastTo('buyer@mayo.example')!.text).toContain('Over the theatre budget this quarter.');
    expect((await call('POST', `/api/organisation/approvals/${requestId}/approve/`, who.admin)).statusCode).toBe(409);
  });

  it("is never decided by the one who asked: an approver's own request goes to someone else", async () => {
    await limit({ per_order: '500.00', per_month: null });
    await fill(who.approver, 6);
    const { requestId } = (await checkout(who.approver)).json();
    const own = await call('POST', `/api/organisation/approvals/${requestId}/approve/`, who.approver);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('SELF_APPROVAL');
    expect((await call('POST', `/api/organisation/approvals/${requestId}/reject/`, who.approver, { reason: 'Never mind.' })).json().code).toBe('SELF_APPROVAL');
    expect((await requests(who.approver)).find((request) => request.id === requestId)!.can_decide).toBe(false);
    expect((await call('POST', `/api/organisation/approvals/${requestId}/approve/`, who.admin)).statusCode).toBe(200);
  });

  it('counts a monthly limit from what the member already spent this month', async () => {
    const spent = async () => (await t.database.db.select({ total: orders.totalCents }).from(orders)
      .innerJoin(organisationOrders, eq(organisationOrders.orderId, orders.id)).where(eq(orders.userId, (await meId(who.colleague)))))
      .reduce((sum, row) => sum + row.total, 0);
    await fill(who.colleague, 1);
    expect((await checkout(who.colleague)).statusCode).toBe(201);
    const already = await spent();
    // Room for one more order like the first, not two.
    await limit({ per_order: null, per_month: ((already * 2 + 100) / 100).toFixed(2), member_id: ids.colleague });
    await fill(who.colleague, 1);
    expect((await checkout(who.colleague)).statusCode).toBe(201);
    await fill(who.colleague, 1);
    const held = await checkout(who.colleague);
    expect(held.statusCode).toBe(202);
    const [request] = await t.database.db.select().from(orderRequests).where(eq(orderRequests.id, held.json().requestId));
    expect(request.exceeded).toEqual([{ scope: 'member', period: 'month', limit: expect.any(String), spent: expect.any(String) }]);
    // Another member's spending is not the colleague's.
    await fill(who.buyer, 1);
    expect((await checkout(who.buyer)).statusCode).toBe(201);
  });
});

describe('a finance member', () => {
  it('is refused an order with 403 ORGANISATION_ROLE: nothing written, nothing charged, the cart kept', async () => {
    const { db } = t.database;
    // A limit the order would go over: refused for the role all the same, not sent for approval.
    await limit({ per_order: '50.00', per_month: null });
    await fill(who.finance, 2);
    const financeId = await meId(who.finance);
    const ordersBefore = (await db.select().from(orders)).length;
    const chargesBefore = t.charges.size;
    for (const method of ['invoice', 'credit_card'] as const) {
      const refused = await checkout(who.finance, {}, method);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'ORGANISATION_ROLE', detail: "Finance members read the organisation's orders and invoices; they do not place orders.",
      });
    }
    expect((await db.select().from(orders)).length).toBe(ordersBefore);
    expect(await db.select().from(orders).where(eq(orders.userId, financeId))).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.userId, financeId))).toEqual([]);
    expect(await db.select().from(orderRequests).where(eq(orderRequests.requestedBy, financeId))).toEqual([]);
    expect(t.charges.size).toBe(chargesBefore);
    const cart = (await call('GET', '/api/cart/', who.finance)).json();
    expect(cart.items).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('is refused paying a request approved before they became finance', async () => {
    const { db } = t.database;
    const financeId = await meId(who.finance);
    const [row] = await db.insert(orderRequests).values({
      organisationId, requestedBy: financeId, lines: [], totals: {}, amountCents: 10_000, exceeded: [], idempotencyKey: 'finance-approved',
      orderDetails: { shippingAddress: testShippingAddress, currency: 'USD', paymentMethod: 'credit_card' },
      status: 'approved', decidedAt: new Date(),
    }).returning();
    const { orderDetails: _details, ...card } = paymentBody('credit_card', 100);
    const refused = await t.app.inject({
      method: 'POST', url: `/api/organisation/approvals/${row.id}/pay/`, headers: { ...who.finance, 'idempotency-key': 'finance-pay' }, payload: card,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ORGANISATION_ROLE');
    const [after] = await db.select().from(orderRequests).where(eq(orderRequests.id, row.id));
    expect(after).toMatchObject({ status: 'approved', orderId: null });
  });
});

const meId = async (headers: Headers) => (await call('GET', '/api/auth/me/', headers)).json().id as string;

describe('departments and purchase-order numbers at checkout', () => {
  const ward = { ...testShippingAddress, company: 'Mayo Hospital, Ward 4', address: '4 Surgical Wing, Mayo Hospital' };

  it('are created by admins only, with per-field errors and nothing written for bad input', async () => {
    const bad = await call('POST', '/api/organisation/departments/', who.admin, { name: '', bill_to: {}, ship_to: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'ship_to']));
    const refused = await call('POST', '/api/organisation/departments/', who.buyer, { name: 'Theatre', bill_to: ward, ship_to: [ward] });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/organisation/departments/', who.outsider)).json().departments).toEqual([]);
    expect((await call('GET', '/api/organisation/departments/', who.buyer)).json().departments).toEqual([]);
  });

  it("offers a member only their departments' addresses, and takes the department's PO rule", async () => {
    const created = await call('POST', '/api/organisation/departments/', who.admin, {
      name: 'Theatre', cost_centre: 'CC-410', bill_to: { ...ward, address: 'Accounts, Mayo Hospital' }, ship_to: [ward],
      po_required: true, member_ids: [ids.buyer],
    });
    expect(created.statusCode).toBe(201);
    const department = created.json().departments[0];
    expect(department).toMatchObject({ name: 'Theatre', cost_centre: 'CC-410', member_ids: [ids.buyer], po_required: true });

    await fill(who.buyer, 1);
    const missing = await checkout(who.buyer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors['orderDetails.departmentId']).toBeDefined();
    const elsewhere = await checkout(who.buyer, { departmentId: department.id, poNumber: 'PO-1' });
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json().errors)).toEqual(['orderDetails.shippingAddress']);
    const noPo = await checkout(who.buyer, { departmentId: department.id, shippingAddress: ward });
    expect(noPo.statusCode).toBe(400);
    expect(noPo.json().issues['orderDetails.poNumber']).toEqual([{ key: 'po_required' }]);
    const notTheirs = await checkout(who.colleague, { departmentId: department.id, shippingAddress: ward, poNumber: 'PO-2' });
    expect(notTheirs.statusCode).toBe(400);

    const placed = await checkout(who.buyer, { departmentId: department.id, shippingAddress: ward, poNumber: 'PO-4410' });
    expect(placed.statusCode).toBe(201);
    const { orderId } = placed.json();
    const [link] = await t.database.db.select().from(organisationOrders).where(eq(organisationOrders.orderId, orderId));
    expect(link).toMatchObject({ departmentId: department.id, poNumber: 'PO-4410' });

    // The PO number shows on the order, its mail and its invoice, which is addressed to the department's bill-to.
    const order = (await call('GET', '/api/orders/', who.buyer)).json().orders.find((row: { id: string }) => row.id === orderId);
    expect(order.purchaseOrder).toMatchObject({ poNumber: 'PO-4410', department: 'Theatre', costCentre: 'CC-410', billTo: { address: 'Accounts, Mayo Hospital' } });
    expect(t.mailer.lastTo(testShippingAddress.email)!.text).toContain('PO-4410');
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: who.buyer });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('PO-4410');
    expect(text).toContain('Accounts, Mayo Hospital');
    expect(text).toContain('CC-410');
  });

  it('needs a PO number on every order once the organisation requires one', async () => {
    expect((await call('PUT', '/api/organisation/purchase-orders/', who.buyer, { required: true })).statusCode).toBe(403);
    expect((await call('PUT', '/api/organisation/purchase-orders/', who.admin, { required: true })).json().po_required).toBe(true);
    await fill(who.colleague, 1);
    const refused = await checkout(who.colleague);
    expect(refused.json().issues['orderDetails.poNumber']).toEqual([{ key: 'po_required' }]);
    expect((await checkout(who.colleague, { poNumber: 'PO-99' })).statusCode).toBe(201);
    await call('PUT', '/api/organisation/purchase-orders/', who.admin, { required: false });
  });
});
