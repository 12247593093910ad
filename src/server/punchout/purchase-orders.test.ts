import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationOrder } from '#contracts/organisation-reports';
import type { Order } from '#contracts/orders';
import type { StaffOrderDetail } from '#contracts/staff-order-detail';
import { hashPassword } from '../auth/passwords.ts';
import { products as productRows, productVariants } from '../db/schema/catalog.ts';
import { organisationDepartments } from '../db/schema/organisation-purchasing.ts';
import { orderInvoices, organisationPrices, organisations } from '../db/schema/organisations.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { punchoutIdentities, punchoutOrderRequests } from '../db/schema/punchout.ts';
import { orderNotes } from '../db/schema/staff-notes.ts';
import { memberDepartments } from '../db/schema/organisation-purchasing.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { ORDER_SECRET, orderRequestXml, type OrderRequestOptions } from '../test/cxml-order-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { attr, child, parseCxml, textAt } from './cxml-document.ts';

let t: CommerceTestApp;
let organisationId = '';
let buyerId = '';
let adminHeaders: Record<string, string> = {};
let staffHeaders: Record<string, string> = {};
/** Mayo Scissors (SS-1001, 100.00, 80.00 for the organisation) and the large Adson Forceps (SS-2002-L, 50.00). */
let scissors = 0;
let forcepsLarge = 0;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 1_000_000 });
  organisationId = founder.organisation!.id;
  adminHeaders = founder.headers;
  buyerId = (await addMember(db, organisationId, 'theatre@mayo.example', 'buyer')).user.id;
  staffHeaders = (await createTestUser(db, { email: 'orders@shop.example', staffRole: 'owner' })).headers;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000, stock: 100, variants: [{ options: {}, modelNumber: 'SS-1001' }] },
    {
      name: 'Adson Forceps', category: 'general-surgery', priceCents: 5_000, stock: 100, options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: [{ options: { Size: 'S' }, modelNumber: 'SS-2002-S' }, { options: { Size: 'L' }, modelNumber: 'SS-2002-L' }],
    },
    { name: 'Controlled Anaesthesia Kit', category: 'general-surgery', priceCents: 20_000, variants: [{ options: {}, modelNumber: 'SS-3003' }] },
  ]);
  await db.update(productRows).set({ restricted: true }).where(eq(productRows.id, products[2].id));
  const variants = await db.select().from(productVariants);
  scissors = variants.find((variant) => variant.modelNumber === 'SS-1001')!.id;
  forcepsLarge = variants.find((variant) => variant.modelNumber === 'SS-2002-L')!.id;
  await db.update(productRows).set({ modelNumber: 'SS-2002' }).where(eq(productRows.id, products[1].id));
  await db.insert(organisationPrices).values({ organisationId, productId: products[0].id, kind: 'fixed', value: 8_000 });
  await db.insert(punchoutIdentities).values({
    organisationId, fromDomain: 'NetworkId', fromIdentity: 'MAYO-HOSPITAL', secretHash: await hashPassword(ORDER_SECRET),
  });
});
afterAll(() => t.close());

const post = (xml: string) => t.app.inject({ method: 'POST', url: '/punchout/cxml/order', headers: { 'content-type': 'text/xml' }, payload: xml });
const send = (options: Partial<OrderRequestOptions> & { orderId: string }) => post(orderRequestXml({
  contactEmail: 'theatre@mayo.example',
  lines: [{ part: 'SS-1001', quantity: 2, price: '80.00' }, { part: 'SS-2002', auxiliary: String(forcepsLarge), quantity: 1, price: '50.00' }],
  ...options,
}));
const statusOf = (body: string) => {
  const status = child(child(parseCxml(body), 'Response'), 'Status');
  return { code: attr(status, 'code'), text: attr(status, 'text'), message: textAt(status) };
};
const ordersFor = (poNumber: string) => t.database.db.select().from(punchoutOrderRequests).where(eq(punchoutOrderRequests.poNumber, poNumber));
const orderCount = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length;

describe('POST /punchout/cxml/order', () => {
  it('places an approved purchase order on the organisation’s invoice terms, at its prices, with the PO’s ship-to and bill-to', async () => {
    // The PO names the variant by its product's catalogue number and our variant id: the large forceps.
    const response = await send({ orderId: 'PO-2026-0001' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    const status = statusOf(response.body);
    expect(status).toMatchObject({ code: '200', text: 'OK' });
    const [request] = await ordersFor('PO-2026-0001');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, request.orderId!));
    expect(status.message).toBe(`Order ${order.orderNumber} placed for purchase order PO-2026-0001.`);
    expect(order).toMatchObject({ userId: buyerId, orderType: 'hospital', status: 'confirmed', city: 'Lahore', postalCode: '54000', country: 'PK' });
    expect(order).toMatchObject({ firstName: 'Ayesha', lastName: 'Khan', company: 'Mayo Hospital, Theatre 2 store', address: '12 Hospital Road', phone: '+92 42 35761999' });
    // The address gives no email: the member's.
    expect(order.email).toBe('theatre@mayo.example');
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((item) => [item.variantId, item.quantity, item.unitPriceCents])).toEqual([[scissors, 2, 8_000], [forcepsLarge, 1, 5_000]]);
    const [invoice] = await t.database.db.select().from(orderInvoices).where(eq(orderInvoices.orderId, order.id));
    expect(invoice).toMatchObject({ organisationId, paymentTerms: 'net30', amountCents: order.totalCents });
    expect(request).toMatchObject({ organisationId, payloadId: '1796272400.PO-2026-0001@ariba.example', statusCode: 200, note: '' });
    const notes = await t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(notes.map((note) => note.text)).toEqual(['Comments on purchase order PO-2026-0001: Deliver to the theatre store before 10am.']);

    const staffList = await t.app.inject({ method: 'GET', url: `/api/staff/orders/?search=${order.orderNumber}`, headers: staffHeaders });
    const listed = (staffList.json() as { orders: Order[] }).orders;
    expect(listed.map((row) => [row.orderNumber, row.purchaseOrder?.poNumber])).toEqual([[order.orderNumber, 'PO-2026-0001']]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/staff/orders/${order.id}/`, headers: staffHeaders })).json() as StaffOrderDetail;
    expect(detail.organisation).toMatchObject({ name: 'Mayo Hospital', po_number: 'PO-2026-0001' });
    expect(detail.bill_to).toEqual({
      source: 'purchase_order', name: 'Imran Qureshi', first_name: 'Imran', last_name: 'Qureshi', company: 'Mayo Hospital Accounts Payable',
      address: '1 Finance Wing', city: 'Lahore', postal_code: '54000', country: 'PK', phone: '', email: 'payables@mayo.example',
    });
    expect(detail.ship_to).toMatchObject({ name: 'Ayesha Khan', address: '12 Hospital Road' });

    const report = (await t.app.inject({ method: 'GET', url: '/api/organisation/orders/', headers: adminHeaders })).json() as { orders: OrganisationOrder[] };
    expect(report.orders.map((row) => [row.orderNumber, row.purchaseOrder?.poNumber, row.placedBy.email]))
      .toContainEqual([order.orderNumber, 'PO-2026-0001', 'theatre@mayo.example']);
  });

  it('answers the same purchase order sent again, or twice at once, with its one order', async () => {
    const first = statusOf((await send({ orderId: 'PO-2026-0002' })).body);
    const before = await orderCount();
    const again = await send({ orderId: 'PO-2026-0002' });
    expect(again.statusCode).toBe(200);
    expect(statusOf(again.body)).toEqual(first);
    expect(await orderCount()).toBe(before);

    const twins = await Promise.all([send({ orderId: 'PO-2026-0003' }), send({ orderId: 'PO-2026-0003' })]);
    expect(twins.map((twin) => twin.statusCode)).toEqual([200, 200]);
    expect(statusOf(twins[0].body).message).toBe(statusOf(twins[1].body).message);
    expect(await ordersFor('PO-2026-0003')).toHaveLength(1);
    expect(await orderCount()).toBe(before + 1);

    // Twice at once naming different people: placed by two accounts, the PO number still gives one order.
    const apart = await Promise.all([
      send({ orderId: 'PO-2026-0006' }), send({ orderId: 'PO-2026-0006', contactEmail: 'admin@mayo.example' }),
    ]);
    expect(apart.map((twin) => twin.statusCode)).toEqual([200, 200]);
    expect(statusOf(apart[0].body).message).toBe(statusOf(apart[1].body).message);
    expect(await orderCount()).toBe(before + 2);
  });

  it('places an order naming no member who orders by the organisation’s own account', async () => {
    const response = await send({ orderId: 'PO-2026-0004', contactEmail: 'someone@elsewhere.example' });
    expect(response.statusCode).toBe(200);
    const [request] = await ordersFor('PO-2026-0004');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, request.orderId!));
    const [organisation] = await t.database.db.select().from(organisations).where(eq(organisations.id, organisationId));
    expect(order.userId).toBe(organisation.userId);

    // Finance members place no orders: one named by the order leaves it to the same account.
    await addMember(t.database.db, organisationId, 'books@mayo.example', 'finance');
    expect((await send({ orderId: 'PO-2026-0005', contactEmail: 'books@mayo.example' })).statusCode).toBe(200);
    const [byFinance] = await ordersFor('PO-2026-0005');
    const [placed] = await t.database.db.select().from(orders).where(eq(orders.id, byFinance.orderId!));
    expect(placed.userId).toBe(organisation.userId);
  });

  it('refuses a wrong shared secret and a wrong sender with cXML 401, writing nothing', async () => {
    const before = await orderCount();
    for (const options of [{ secret: 'guess' }, { sender: 'SOMEONE-ELSE' }, { from: 'UNKNOWN-HOSPITAL' }]) {
      const response = await send({ orderId: 'PO-2026-0401', ...options });
      expect(response.statusCode).toBe(401);
      expect(statusOf(response.body)).toEqual({ code: '401', text: 'Unauthorized', message: 'The sender could not be authenticated.' });
    }
    expect(await ordersFor('PO-2026-0401')).toEqual([]);
    expect(await orderCount()).toBe(before);
  });

  it('refuses an unknown part, a malformed document and an update with cXML errors, writing nothing', async () => {
    const before = await orderCount();
    const unknown = await send({ orderId: 'PO-2026-0400', lines: [{ part: 'SS-1001', quantity: 1, price: '80.00' }, { part: 'NO-SUCH', quantity: 1, price: '1.00' }] });
    expect(unknown.statusCode).toBe(400);
    expect(statusOf(unknown.body)).toMatchObject({ code: '400', message: 'Line 2: no product has the catalogue number NO-SUCH.' });
    const malformed = await post('<cXML><Request><OrderRequest></Request></cXML>');
    expect(malformed.statusCode).toBe(400);
    expect(statusOf(malformed.body)).toMatchObject({ code: '400', text: 'Bad Request' });
    const update = await send({ orderId: 'PO-2026-0001', type: 'update' });
    expect(update.statusCode).toBe(406);
    expect(statusOf(update.body).message).toMatch(/to change or cancel purchase order PO-2026-0001, contact the shop/);
    expect(await ordersFor('PO-2026-0400')).toEqual([]);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a changed price when the organisation refuses them, naming each line with both prices', async () => {
    const before = await orderCount();
    const response = await send({ orderId: 'PO-2026-0406', lines: [{ part: 'SS-1001', quantity: 2, price: '75.00' }, { part: 'SS-2002-L', quantity: 1, price: '50.00' }] });
    expect(response.statusCode).toBe(406);
    expect(statusOf(response.body)).toEqual({
      code: '406', text: 'Not Acceptable', message: 'Prices differ from ours: line 1 (SS-1001): 75.00 USD on the order, 80.00 USD ours.',
    });
    expect(await ordersFor('PO-2026-0406')).toEqual([]);
    expect(await orderCount()).toBe(before);
  });

  it('places a changed price at the shop’s price with a note when the organisation accepts them so', async () => {
    await t.database.db.update(punchoutIdentities).set({ priceMismatch: 'accept_with_note' }).where(eq(punchoutIdentities.organisationId, organisationId));
    try {
      const response = await send({ orderId: 'PO-2026-0407', lines: [{ part: 'SS-1001', quantity: 2, price: '75.00' }] });
      expect(response.statusCode).toBe(200);
      const [request] = await ordersFor('PO-2026-0407');
      const note = "Purchase order PO-2026-0407 was placed at the shop's prices, which differ from the order's: "
        + 'line 1 (SS-1001): 75.00 USD on the order, 80.00 USD ours.';
      expect(request.note).toBe(note);
      const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, request.orderId!));
      expect(items.map((item) => item.unitPriceCents)).toEqual([8_000]);
      const detail = (await t.app.inject({ method: 'GET', url: `/api/staff/orders/${request.orderId}/`, headers: staffHeaders })).json() as StaffOrderDetail;
      expect(detail.notes.map((row) => row.text)).toContain(note);
    } finally {
      await t.database.db.update(punchoutIdentities).set({ priceMismatch: 'refuse' }).where(eq(punchoutIdentities.organisationId, organisationId));
    }
  });

  it('refuses an organisation without invoice terms with cXML 403, writing nothing', async () => {
    const { db } = t.database;
    const clinic = await createBusinessBuyer(db, { email: 'admin@clinic.example', hospitalName: 'City Clinic', status: 'verified' });
    await db.insert(punchoutIdentities).values({
      organisationId: clinic.organisation!.id, fromDomain: 'NetworkId', fromIdentity: 'CITY-CLINIC', secretHash: await hashPassword(ORDER_SECRET),
    });
    const before = await orderCount();
    const response = await send({
      orderId: 'PO-2026-0403', from: 'CITY-CLINIC', contactEmail: 'admin@clinic.example', lines: [{ part: 'SS-1001', quantity: 1, price: '100.00' }],
    });
    expect(response.statusCode).toBe(403);
    expect(statusOf(response.body)).toMatchObject({ code: '403', text: 'Forbidden' });
    expect(statusOf(response.body).message).toMatch(/invoice|terms/i);
    expect(await orderCount()).toBe(before);
  });

  it('refuses stock short and credit exceeded with cXML 409, and a licensed product without a licence with 403, writing nothing', async () => {
    const before = await orderCount();
    const licensed = await send({ orderId: 'PO-2026-0411', lines: [{ part: 'SS-3003', quantity: 1, price: '200.00' }] });
    expect(licensed.statusCode).toBe(403);
    expect(statusOf(licensed.body)).toEqual({
      code: '403', text: 'Forbidden',
      message: 'A verified licence is required to buy Controlled Anaesthesia Kit. Upload your licence under Profile → Licences.',
    });
    expect(await ordersFor('PO-2026-0411')).toEqual([]);
    const short = await send({ orderId: 'PO-2026-0409', lines: [{ part: 'SS-1001', quantity: 500, price: '80.00' }] });
    expect(short.statusCode).toBe(409);
    expect(statusOf(short.body)).toMatchObject({ code: '409', text: 'Conflict' });
    expect(statusOf(short.body).message).toMatch(/Insufficient stock for Mayo Scissors/);
    await t.database.db.update(organisations).set({ creditLimitCents: 100 }).where(eq(organisations.id, organisationId));
    try {
      const over = await send({ orderId: 'PO-2026-0410' });
      expect(over.statusCode).toBe(409);
      expect(statusOf(over.body).message).toMatch(/exceeds your available credit/);
    } finally {
      await t.database.db.update(organisations).set({ creditLimitCents: 1_000_000 }).where(eq(organisations.id, organisationId));
    }
    expect(await ordersFor('PO-2026-0409')).toEqual([]);
    expect(await ordersFor('PO-2026-0410')).toEqual([]);
    expect(await orderCount()).toBe(before);
  });

  it('places a department member’s order for the department whose delivery address is the ship-to, and refuses another address', async () => {
    const { db } = t.database;
    const member = await addMember(db, organisationId, 'ward7@mayo.example', 'buyer');
    const [ward] = await db.insert(organisationDepartments).values({
      organisationId, name: 'Ward 7', costCentre: 'CC-7', billTo: testShippingAddress,
      shipTo: [{ ...testShippingAddress, address: '12  hospital road' }],
    }).returning();
    await db.insert(memberDepartments).values({ memberId: member.memberId, departmentId: ward.id });

    const placed = await send({ orderId: 'PO-2026-0007', contactEmail: 'ward7@mayo.example' });
    expect(placed.statusCode).toBe(200);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/staff/orders/${(await ordersFor('PO-2026-0007'))[0].orderId}/`, headers: staffHeaders })).json() as StaffOrderDetail;
    expect(detail.organisation).toMatchObject({ department: 'Ward 7', po_number: 'PO-2026-0007' });
    expect(detail.bill_to.source).toBe('purchase_order');

    const elsewhere = await send({ orderId: 'PO-2026-0008', contactEmail: 'ward7@mayo.example', shipToStreet: '99 Other Street' });
    expect(elsewhere.statusCode).toBe(400);
    expect(statusOf(elsewhere.body).message).toMatch(/Ward 7.*ShipTo address is none of their delivery addresses/);
    expect(await ordersFor('PO-2026-0008')).toEqual([]);
  });
});
