import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_LINK_USED } from '#contracts/punchout';
import { auditLog } from '../db/schema/audit.ts';
import { products } from '../db/schema/catalog.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisationPrices, organisations } from '../db/schema/organisations.ts';
import { punchoutIdentities, punchoutSessions } from '../db/schema/punchout.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser, nextIp } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { createCommerceTestApp, paymentBody } from '../test/commerce-fixtures.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../test/test-app.ts';
import { attr, child, children, parseCxml, textAt, type CxmlNode } from './cxml-document.ts';

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;
let organisationId: string;
let scissors: { id: number; variantId: number; modelNumber: string };
let forceps: { id: number; variantId: number; modelNumber: string };

const SECRET = 'mayo-shared-secret-2026';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers?: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, remoteAddress: nextIp(), headers, ...(payload ? { payload } : {}) });

/** A PunchOutSetupRequest shaped as the cXML 1.2 reference's example (and Coupa's sample). */
function setupRequest({ operation = 'create', secret = SECRET, sender = 'MAYO-HOSPITAL', email = 'nurse@mayo.example', items = '', contact = false } = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="933694607118.1869318421@jlee" timestamp="2026-11-30T08:00:00-08:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkId"><Identity>MAYO-HOSPITAL</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>942888711</Identity></Credential></To>
    <Sender><Credential domain="NetworkId"><Identity>${sender}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
      <UserAgent>Ariba.com Network V1.0</UserAgent></Sender>
  </Header>
  <Request deploymentMode="test">
    <PunchOutSetupRequest operation="${operation}">
      <BuyerCookie>34234234ADFSDF234234</BuyerCookie>
      ${email && !contact ? `<Extrinsic name="UserEmail">${email}</Extrinsic>` : ''}
      <Extrinsic name="CostCenter">610</Extrinsic>
      <BrowserFormPost><URL>https://procurement.test/punchout/return</URL></BrowserFormPost>
      ${contact ? `<Contact role="endUser"><Name xml:lang="en">Amina Khan</Name><Email>${email}</Email></Contact>` : ''}
      <SupplierSetup><URL>${TEST_PUBLIC_URL}/punchout/cxml/setup</URL></SupplierSetup>
      ${items}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
}

const postCxml = (xml: string) => t.app.inject({
  method: 'POST', url: '/punchout/cxml/setup', remoteAddress: nextIp(), headers: { 'content-type': 'text/xml' }, payload: xml,
});
const statusOf = (xml: string) => child(child(parseCxml(xml), 'Response'), 'Status');

async function setUp(options: Parameters<typeof setupRequest>[0] = {}) {
  const response = await postCxml(setupRequest(options));
  expect(response.statusCode, response.body).toBe(200);
  const url = textAt(parseCxml(response.body), 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL');
  expect(url.startsWith(`${TEST_PUBLIC_URL}/punchout/start/`)).toBe(true);
  return url.split('/').pop()!;
}

async function start(token: string) {
  const response = await call('POST', '/api/punchout/start/', undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string; refreshToken: string; punchout: { organisation: string; operation: string } }>();
}

const messageOf = (fields: [string, string][]) => parseCxml(fields.find(([name]) => name === 'cxml-urlencoded')![1]);

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified' });
  admin = founder.headers;
  organisationId = founder.organisation!.id;
  const catalogue = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000, brand: 'Sialkot Steel' },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 2_500, stock: 3 },
  ]);
  [scissors, forceps] = catalogue.products.map((product) => ({ id: product.id, variantId: product.variantId, modelNumber: product.variants[0].modelNumber }));
  await db.update(products).set({ unspsc: '42291613' }).where(eq(products.id, scissors.id));
  await db.update(products).set({ unspsc: '42291607' }).where(eq(products.id, forceps.id));
  // The organisation's price list: the scissors at 80.00 instead of 100.00.
  await db.insert(organisationPrices).values({ organisationId, productId: scissors.id, kind: 'fixed', value: 8_000 });
  await db.update(organisations).set({ priceContractNumber: 'MAYO-2026-07' }).where(eq(organisations.id, organisationId));
  const saved = await call('PUT', '/api/organisation/punchout/', admin, { from_domain: 'NetworkId', from_identity: 'MAYO-HOSPITAL', shared_secret: SECRET });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('the punchout identity', () => {
  it('shows the secret once, never in GET, keeps it hashed, and audits the change', async () => {
    const answer = await call('GET', '/api/organisation/punchout/', admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(SECRET);
    expect(answer.json()).toMatchObject({
      identity: { from_domain: 'NetworkId', from_identity: 'MAYO-HOSPITAL', price_mismatch: 'refuse' },
      urls: { cxml_setup: `${TEST_PUBLIC_URL}/punchout/cxml/setup`, cxml_order: `${TEST_PUBLIC_URL}/punchout/cxml/order`, oci: `${TEST_PUBLIC_URL}/punchout/oci` },
    });
    const [row] = await t.database.db.select().from(punchoutIdentities).where(eq(punchoutIdentities.organisationId, organisationId));
    expect(row.secretHash).not.toContain(SECRET);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'organisation.punchout'));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it('answers per-field 400s, writing nothing', async () => {
    const before = await t.database.db.select().from(punchoutIdentities);
    const empty = await call('PUT', '/api/organisation/punchout/', admin, { from_domain: ' ', from_identity: '', shared_secret: 'short' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['from_domain', 'from_identity', 'shared_secret']);
    const long = await call('PUT', '/api/organisation/punchout/', admin, { from_domain: 'x'.repeat(101), from_identity: 'A', shared_secret: SECRET, price_mismatch: 'maybe' });
    expect(Object.keys(long.json().errors).sort()).toEqual(['from_domain', 'price_mismatch']);
    const other = await createBusinessBuyer(t.database.db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'verified' });
    const taken = await call('PUT', '/api/organisation/punchout/', other.headers, { from_domain: 'networkid', from_identity: 'mayo-hospital', shared_secret: SECRET });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json().errors)).toEqual(['from_identity']);
    expect(await t.database.db.select().from(punchoutIdentities)).toEqual(before);
  });

  it('is for the organisation admin (403 for other members) and for sales staff for any organisation', async () => {
    const { db } = t.database;
    const buyer = await createTestUser(db, { email: 'clerk@mayo.example', accountType: 'business' });
    await db.insert(organisationMembers).values({ organisationId, userId: buyer.user.id, role: 'buyer', joinedAt: new Date() });
    const refused = await call('PUT', '/api/organisation/punchout/', buyer.headers, { from_domain: 'NetworkId', from_identity: 'X', shared_secret: SECRET });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ORGANISATION_ROLE');
    const other = await createBusinessBuyer(db, { email: 'admin@lahore.example', hospitalName: 'Lahore General', status: 'verified' });
    const support = await createTestUser(db, { email: 'support@shop.example', staffRole: 'support' });
    const body = { from_domain: 'DUNS', from_identity: '123456789', shared_secret: 'lahore-secret-0123456', price_mismatch: 'accept_with_note' };
    expect((await call('PUT', `/api/staff/organisations/${other.organisation!.id}/punchout/`, support.headers, body)).statusCode).toBe(403);
    const sales = await createTestUser(db, { email: 'sales@shop.example', staffRole: 'sales' });
    const saved = await call('PUT', `/api/staff/organisations/${other.organisation!.id}/punchout/`, sales.headers, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ shared_secret: body.shared_secret, identity: { from_identity: '123456789', price_mismatch: 'accept_with_note' } });
    expect((await call('GET', '/api/organisation/punchout/', other.headers)).json().identity.from_identity).toBe('123456789');
  });
});

describe('cXML punchout', () => {
  it('sets up, signs the buyer in at the organisation\'s prices, and transfers the cart as a PunchOutOrderMessage', async () => {
    const session = await start(await setUp());
    expect(session.punchout).toMatchObject({ organisation: 'Mayo Hospital', operation: 'create' });
    const buyer = bearer(session.token);
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'nurse@mayo.example'));
    expect(person.accountType).toBe('business');
    const [member] = await t.database.db.select().from(organisationMembers).where(eq(organisationMembers.userId, person.id));
    expect(member).toMatchObject({ organisationId, role: 'buyer' });

    expect((await call('GET', '/api/punchout/session/', buyer)).json().punchout).toMatchObject({ protocol: 'cxml', operation: 'create' });
    expect((await call('GET', '/api/cart/', buyer)).json().items).toEqual([]);
    await call('POST', '/api/cart/add-item/', buyer, { product_id: scissors.id, quantity: 2 });
    const cart = (await call('POST', '/api/cart/add-item/', buyer, { product_id: forceps.id, quantity: 1 })).json();
    expect(cart.items.map((item: { unit_price: string }) => item.unit_price)).toEqual(['80.00', '25.00']);

    const transfer = await call('POST', '/api/punchout/transfer/', buyer);
    expect(transfer.statusCode, transfer.body).toBe(200);
    const { url, fields } = transfer.json<{ url: string; fields: [string, string][] }>();
    expect(url).toBe('https://procurement.test/punchout/return');
    const message = messageOf(fields);
    expect(textAt(message, 'Header', 'To', 'Credential', 'Identity')).toBe('MAYO-HOSPITAL');
    const order = child(child(message, 'Message'), 'PunchOutOrderMessage')!;
    expect(textAt(order, 'BuyerCookie')).toBe('34234234ADFSDF234234');
    const header = child(order, 'PunchOutOrderMessageHeader');
    expect(attr(header, 'operationAllowed')).toBe('edit');
    expect(textAt(header, 'Total', 'Money')).toBe((Number(cart.subtotal) - Number(cart.discount_amount)).toFixed(2));
    expect(attr(child(child(header, 'Total'), 'Money'), 'currency')).toBe('USD');
    expect(textAt(header, 'Tax', 'Money')).toBe(cart.tax_amount);
    expect(textAt(header, 'Shipping', 'Money')).toBe(cart.shipping_amount);
    const lines = children(order, 'ItemIn').map((item: CxmlNode) => ({
      quantity: attr(item, 'quantity'),
      part: textAt(item, 'ItemID', 'SupplierPartID'),
      variant: textAt(item, 'ItemID', 'SupplierPartAuxiliaryID'),
      price: textAt(item, 'ItemDetail', 'UnitPrice', 'Money'),
      description: textAt(item, 'ItemDetail', 'Description'),
      unit: textAt(item, 'ItemDetail', 'UnitOfMeasure'),
      unspsc: [attr(child(child(item, 'ItemDetail'), 'Classification'), 'domain'), textAt(item, 'ItemDetail', 'Classification')],
      manufacturer: textAt(item, 'ItemDetail', 'ManufacturerName'),
      leadTime: textAt(item, 'ItemDetail', 'LeadTime'),
      contract: children(child(item, 'ItemDetail'), 'Extrinsic').map((extrinsic) => [attr(extrinsic, 'name'), textAt(extrinsic)]),
    }));
    expect(lines).toEqual([
      { quantity: '2', part: scissors.modelNumber, variant: String(scissors.variantId), price: '80.00', description: 'Mayo Scissors', unit: 'EA',
        unspsc: ['UNSPSC', '42291613'], manufacturer: 'Sialkot Steel', leadTime: '5', contract: [['ContractNumber', 'MAYO-2026-07']] },
      { quantity: '1', part: forceps.modelNumber, variant: String(forceps.variantId), price: '25.00', description: 'Adson Forceps', unit: 'EA',
        unspsc: ['UNSPSC', '42291607'], manufacturer: 'Sialkot Surgical', leadTime: '5', contract: [] },
    ]);
    // The punchout is over: the cart is empty, the session signed out, and a second transfer finds nothing.
    const [row] = await t.database.db.select().from(punchoutSessions).where(eq(punchoutSessions.userId, person.id));
    expect(row.transferredAt).not.toBeNull();
    expect((await call('POST', '/api/punchout/transfer/', buyer)).statusCode).toBe(401);
    const admin2 = await call('GET', '/api/cart/', admin);
    expect(admin2.statusCode).toBe(200);
  });

  it('takes the person from the Contact\'s Email, and refuses a request naming none (400) or one of another organisation (403)', async () => {
    const session = await start(await setUp({ email: 'amina@mayo.example', contact: true }));
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'amina@mayo.example'));
    expect([person.firstName, person.lastName]).toEqual(['Amina', 'Khan']);
    expect(session.punchout.organisation).toBe('Mayo Hospital');

    const none = await postCxml(setupRequest({ email: '' }));
    expect(none.statusCode).toBe(400);
    expect(attr(statusOf(none.body), 'code')).toBe('400');
    await createBusinessBuyer(t.database.db, { email: 'admin@elsewhere.example', hospitalName: 'Elsewhere', status: 'verified' });
    const elsewhere = await postCxml(setupRequest({ email: 'admin@elsewhere.example' }));
    expect(elsewhere.statusCode).toBe(403);
    expect(attr(statusOf(elsewhere.body), 'code')).toBe('403');
    expect(await t.database.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId)))
      .not.toContainEqual(expect.objectContaining({ role: 'buyer', userId: null }));
  });

  it('answers a wrong shared secret and a wrong sender with cXML 401, opening nothing', async () => {
    const before = (await t.database.db.select().from(punchoutSessions)).length;
    for (const request of [setupRequest({ secret: 'not-the-secret-at-all' }), setupRequest({ sender: 'SOMEONE-ELSE' })]) {
      const response = await postCxml(request);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^text\/xml/);
      expect(attr(statusOf(response.body), 'code')).toBe('401');
    }
    expect((await t.database.db.select().from(punchoutSessions)).length).toBe(before);
  });

  it('refuses a start page used once already or expired', async () => {
    const token = await setUp();
    await start(token);
    const again = await call('POST', '/api/punchout/start/', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.token).toEqual([START_LINK_USED]);

    const late = await setUp();
    await t.database.db.update(punchoutSessions).set({ startExpiresAt: new Date(Date.now() - 1000) });
    const expired = await call('POST', '/api/punchout/start/', undefined, { token: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.token).toEqual([START_LINK_USED]);
  });

  const itemOut = (quantity: number, part: string, auxiliary = '') =>
    `<ItemOut quantity="${quantity}"><ItemID><SupplierPartID>${part}</SupplierPartID>${auxiliary ? `<SupplierPartAuxiliaryID>${auxiliary}</SupplierPartAuxiliaryID>` : ''}</ItemID></ItemOut>`;

  it('reopens the cart with the request\'s items for edit, by variant id or else catalogue number', async () => {
    const items = itemOut(3, 'IGNORED', String(scissors.variantId)) + itemOut(2, forceps.modelNumber) + itemOut(1, 'NO-SUCH-PART');
    const session = await start(await setUp({ operation: 'edit', items }));
    expect(session.punchout.operation).toBe('edit');
    const cart = (await call('GET', '/api/cart/', bearer(session.token))).json();
    expect(cart.items.map((item: { variant_id: number; quantity: number }) => [item.variant_id, item.quantity]))
      .toEqual([[scissors.variantId, 3], [forceps.variantId, 2]]);
    const changed = await call('PATCH', `/api/cart/items/${cart.items[1].id}/`, bearer(session.token), { quantity: 1 });
    expect(changed.statusCode).toBe(200);
  });

  it('shows the items of an inspect read-only, and says inspect in the message', async () => {
    const session = await start(await setUp({ operation: 'inspect', items: itemOut(1, scissors.modelNumber, String(scissors.variantId)) }));
    const buyer = bearer(session.token);
    const cart = (await call('GET', '/api/cart/', buyer)).json();
    expect(cart.items.map((item: { variant_id: number }) => item.variant_id)).toEqual([scissors.variantId]);
    const changed = await call('POST', '/api/cart/add-item/', buyer, { product_id: forceps.id, quantity: 1 });
    expect(changed.statusCode).toBe(403);
    expect((await call('PATCH', `/api/cart/items/${cart.items[0].id}/`, buyer, { quantity: 2 })).statusCode).toBe(403);
    const message = messageOf((await call('POST', '/api/punchout/transfer/', buyer)).json().fields);
    expect(attr(child(child(child(message, 'Message'), 'PunchOutOrderMessage'), 'PunchOutOrderMessageHeader'), 'operationAllowed')).toBe('inspect');
  });

  it('refuses checkout in a punchout session, with a clear 403', async () => {
    const session = await start(await setUp());
    const buyer = bearer(session.token);
    await call('POST', '/api/cart/add-item/', buyer, { product_id: forceps.id, quantity: 1 });
    const cart = (await call('GET', '/api/cart/', buyer)).json();
    const paid = await call('POST', '/api/payment/process', { ...buyer, 'idempotency-key': 'punchout-try-1' },
      paymentBody('credit_card', Number(cart.grand_total)) as unknown as Record<string, unknown>);
    expect(paid.statusCode).toBe(403);
    expect(paid.json().detail).toMatch(/punchout/i);
  });

  it('refuses a BrowserFormPost that is not http or https', async () => {
    const response = await postCxml(setupRequest().replace('https://procurement.test/punchout/return', 'javascript:alert(1)'));
    expect(response.statusCode).toBe(400);
  });
});

describe('OCI punchout', () => {
  const oci = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/punchout/oci?${new URLSearchParams(query)}`, remoteAddress: nextIp() });

  it('opens a session for USERNAME and PASSWORD, and transfers the NEW_ITEM fields to HOOK_URL', async () => {
    const opened = await oci({ USERNAME: 'MAYO-HOSPITAL', PASSWORD: SECRET, HOOK_URL: 'https://srm.test/sap/bc/oci_hook', '~OkCode': 'ADDI', '~TARGET': '_top', '~CALLER': 'CTLG' });
    expect(opened.statusCode).toBe(303);
    const token = opened.headers.location!.split('/punchout/start/')[1];
    const session = await start(token);
    expect(session.punchout).toMatchObject({ organisation: 'Mayo Hospital' });
    const buyer = bearer(session.token);
    // Without EMAIL: the organisation's own admin account.
    expect((await call('GET', '/api/auth/me/', buyer)).json().email).toBe('admin@mayo.example');
    await call('POST', '/api/cart/add-item/', buyer, { product_id: scissors.id, quantity: 2 });
    const transfer = (await call('POST', '/api/punchout/transfer/', buyer)).json<{ url: string; target: string; fields: [string, string][]; signed: string }>();
    // The shop's page posts the fields on to HOOK_URL, which only it may post to; a tampered transfer is refused.
    const relay = (signed: string) => t.app.inject({
      method: 'POST', url: '/punchout/return', remoteAddress: nextIp(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ transfer: signed }).toString(),
    });
    const page = await relay(transfer.signed);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('form-action https://srm.test');
    expect(page.body).toContain('<form method="post" action="https://srm.test/sap/bc/oci_hook" target="_top">');
    expect(page.body).toContain('name="NEW_ITEM-VENDORMAT[1]"');
    expect((await relay(transfer.signed.replace(/.\./, 'x.'))).statusCode).toBe(400);
    expect(transfer.url).toBe('https://srm.test/sap/bc/oci_hook');
    expect(transfer.target).toBe('_top');
    const fields = Object.fromEntries(transfer.fields);
    expect(fields).toMatchObject({
      '~OkCode': 'ADDI', '~TARGET': '_top',
      'NEW_ITEM-DESCRIPTION[1]': 'Mayo Scissors', 'NEW_ITEM-QUANTITY[1]': '2', 'NEW_ITEM-UNIT[1]': 'EA', 'NEW_ITEM-PRICE[1]': '80.00',
      'NEW_ITEM-CURRENCY[1]': 'USD', 'NEW_ITEM-VENDORMAT[1]': scissors.modelNumber, 'NEW_ITEM-MATGROUP[1]': '42291613',
      'NEW_ITEM-LEADTIME[1]': '5', 'NEW_ITEM-EXT_PRODUCT_ID[1]': String(scissors.variantId), 'NEW_ITEM-CONTRACT[1]': 'MAYO-2026-07',
    });
  });

  it('answers wrong credentials with a plain 401 page', async () => {
    const refused = await oci({ USERNAME: 'MAYO-HOSPITAL', PASSWORD: 'wrong-password-entirely', HOOK_URL: 'https://srm.test/hook' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Punchout refused');
    const form = await t.app.inject({
      method: 'POST', url: '/punchout/oci', remoteAddress: nextIp(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ USERNAME: 'MAYO-HOSPITAL', PASSWORD: SECRET, HOOK_URL: 'https://srm.test/hook', EMAIL: 'ward@mayo.example' }).toString(),
    });
    expect(form.statusCode).toBe(303);
  });
});
