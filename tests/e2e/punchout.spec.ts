import type { APIRequestContext, Page, Route, TestInfo } from '@playwright/test';
import { orderRequestXml } from '../../src/server/test/cxml-order-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession } from './support/session.ts';

/** The procurement system the buyer works in, played by this page; Playwright answers every request to it. */
const PROCUREMENT = 'http://procurement.test';
const CONTRACT = 'MAYO-CT-2026';
const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Line { quantity: string; part: string; variant: string; price: string; description: string; unspsc: string; contract: string }

/** The ItemIn lines of a PunchOutOrderMessage, read as the procurement system reads them. */
function linesOf(xml: string): { cookie: string; total: string; lines: Line[] } {
  const pick = (source: string, pattern: RegExp) => pattern.exec(source)?.[1] ?? '';
  const lines = [...xml.matchAll(/<ItemIn quantity="(\d+)">([\s\S]*?)<\/ItemIn>/g)].map(([, quantity, item]) => ({
    quantity,
    part: pick(item, /<SupplierPartID>([^<]*)</),
    variant: pick(item, /<SupplierPartAuxiliaryID>([^<]*)</),
    price: pick(item, /<UnitPrice><Money currency="USD">([^<]*)</),
    description: pick(item, /<Description xml:lang="en">([^<]*)</),
    unspsc: pick(item, /<Classification domain="UNSPSC">([^<]*)</),
    contract: pick(item, /<Extrinsic name="ContractNumber">([^<]*)</),
  }));
  return { cookie: pick(xml, /<BuyerCookie>([^<]*)</), total: pick(xml, /<Total><Money currency="USD">([^<]*)</), lines };
}

/** The PunchOutSetupRequest the procurement system sends, as the cXML 1.2 reference writes one. */
const setupRequest = (identity: string, secret: string, email: string, cookie: string, language: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${cookie}@procurement.test" timestamp="2026-11-30T08:00:00+05:00" xml:lang="${language}">
  <Header>
    <From><Credential domain="NetworkId"><Identity>${identity}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>942888711</Identity></Credential></To>
    <Sender><Credential domain="NetworkId"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
      <UserAgent>Coupa Procurement 1.0</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="create">
    <BuyerCookie>${cookie}</BuyerCookie>
    <Extrinsic name="UserEmail">${email}</Extrinsic>
    <BrowserFormPost><URL>${PROCUREMENT}/punchout/return</URL></BrowserFormPost>
    <Contact role="endUser"><Name xml:lang="en">Amina Khan</Name><Email>${email}</Email></Contact>
  </PunchOutSetupRequest></Request>
</cXML>`;

/** A verified organisation at 20 % off everything, with its punchout identity set by its admin through the API. */
async function hospital(request: APIRequestContext, testInfo: TestInfo) {
  const { session } = await registerAccount(request, testInfo, 'business');
  const organisationId = (await (await request.get('/api/organisations/mine/', { headers: bearer(session) })).json()).organisation.id as string;
  const staff = bearer(await staffSession(request));
  expect((await request.post(`/api/staff/organisations/${organisationId}/approve/`, { headers: staff })).ok()).toBe(true);
  const rule = await request.post(`/api/staff/organisations/${organisationId}/prices/`, { headers: staff, data: { scope: 'all', kind: 'percent', value: '20.00' } });
  expect(rule.ok(), await rule.text()).toBe(true);
  const contract = await request.put(`/api/staff/organisations/${organisationId}/price-contract/`, { headers: staff, data: { number: CONTRACT } });
  expect(contract.ok(), await contract.text()).toBe(true);
  // Purchase orders are placed on the organisation's invoice terms.
  const terms = await request.patch(`/api/staff/organisations/${organisationId}/`, { headers: staff, data: { payment_terms: 'net30', credit_limit: '50000.00' } });
  expect(terms.ok(), await terms.text()).toBe(true);
  const identity = `HOSP-${testInfo.project.name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`.toUpperCase();
  const secret = `secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const saved = await request.put('/api/organisation/punchout/', { headers: bearer(session), data: { from_domain: 'NetworkId', from_identity: identity, shared_secret: secret } });
  expect(saved.status(), await saved.text()).toBe(200);
  return { identity, secret, admin: session, staff };
}

/** The procurement system's pages: its home shows the StartPage link; the cart it receives comes back as a list. */
async function playProcurement(page: Page, startPage: string) {
  await page.route(`${PROCUREMENT}/**`, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const xml = new URLSearchParams(request.postData() ?? '').get('cxml-urlencoded') ?? '';
      const { cookie, total, lines } = linesOf(xml);
      const rows = lines.map((line) => `<li data-testid="received-line" data-part="${escape(line.part)}">${escape(line.quantity)} × ${escape(line.description)}`
        + ` · ${escape(line.part)} · ${escape(line.price)} USD · UNSPSC ${escape(line.unspsc)} · contract ${escape(line.contract)}</li>`).join('');
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><html><body><h1>Requisition</h1>`
        + `<p data-testid="cookie">${escape(cookie)}</p><p data-testid="total">${escape(total)}</p><ul>${rows}</ul></body></html>` });
    }
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><html><body><h1>Procurement</h1>`
      + `<a href="${escape(startPage)}">Shop at Sialkot Surgical</a></body></html>` });
  });
  // Opened as a person opens it (not with goto, which waits for the shop's own pages to hydrate).
  await page.evaluate((url) => { window.location.href = url; }, `${PROCUREMENT}/`);
  await expect(page.getByRole('heading', { name: 'Procurement' })).toBeVisible();
}

for (const language of ['en', 'ar'] as const) {
  test(`a hospital buyer punches out from the procurement system, shops at its contract prices, transfers the cart back, and its purchase order arrives (${language})`, async ({
    browser, request, baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const shot = (page: Page, name: string) => shoot(page, testInfo, `punchout-${name}-${language}-${testInfo.project.name}`);
    const { identity, secret, admin, staff } = await hospital(request, testInfo);
    const email = `e2e-punchout-${language}-${testInfo.project.name}-${Date.now()}@example.com`;
    const cookie = `cookie-${Date.now()}`;

    // The procurement system asks for a start page.
    const setup = await request.post('/punchout/cxml/setup', { headers: { 'content-type': 'text/xml' }, data: setupRequest(identity, secret, email, cookie, language === 'ar' ? 'ar-SA' : 'en-US') });
    expect(setup.status(), await setup.text()).toBe(200);
    const startPage = /<StartPage><URL>([^<]+)<\/URL>/.exec(await setup.text())![1];
    expect(startPage).toMatch(/\/punchout\/start\/[\w-]+$/);

    // A plain product in stock, and what the organisation pays for it (20 % off its list price).
    const list = await (await request.get('/api/products/?in_stock=true&ordering=name&page_size=100')).json();
    const product = (list.results as { id: number; slug: string; name: string; price: string; variant_count: number }[])
      .find((item) => item.variant_count === 1)!;
    const detail = await (await request.get(`/api/products/${product.slug}/`)).json();
    const variant = detail.variants[0] as { id: number; model_number: string; price: string };
    const organisationPrice = (Math.round(Number(variant.price) * 100 * 0.8) / 100).toFixed(2);

    const page = await signedInPage(browser, baseURL!, null, viewport);
    await page.goto('/');
    await playProcurement(page, startPage);
    await page.getByRole('link', { name: 'Shop at Sialkot Surgical' }).click();
    await expect(page).toHaveURL(/\/products$/);
    const bar = page.getByTestId('punchout-bar');
    await expect(bar).toContainText(language === 'ar' ? 'تتسوق لصالح Mayo Hospital Lahore من نظام المشتريات لديك' : 'Shopping for Mayo Hospital Lahore from your procurement system');
    await shot(page, 'catalogue');

    await page.goto(`/products/${product.slug}`);
    await page.getByRole('button', { name: language === 'ar' ? 'أضف إلى السلة' : 'Add to Cart' }).first().click();
    await expect(page.getByTestId('punchout-bar')).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByTestId('line-price').first()).toContainText(language === 'ar' ? /./ : organisationPrice);
    // No checkout in a punchout: the summary's button sends the cart back instead.
    await expect(page.getByRole('link', { name: language === 'ar' ? 'المتابعة إلى الدفع' : 'Proceed to Checkout' })).toHaveCount(0);
    await expect(page.getByTestId('transfer-cart')).toHaveCount(2);
    await expect(page.getByTestId('line-contract')).toHaveText(`${language === 'ar' ? 'العقد' : 'Contract'} ${CONTRACT}`);
    await shot(page, 'cart');
    await page.getByTestId('transfer-cart').last().click();

    // The procurement system receives the cart.
    await expect(page).toHaveURL(`${PROCUREMENT}/punchout/return`);
    await expect(page.getByTestId('cookie')).toHaveText(cookie);
    const received = page.getByTestId('received-line');
    await expect(received).toHaveCount(1);
    await expect(received).toHaveAttribute('data-part', variant.model_number);
    await expect(received).toContainText(`1 × ${product.name}`);
    await expect(received).toContainText(`${organisationPrice} USD`);
    await expect(received).toContainText('UNSPSC');
    await expect(received).toContainText(`contract ${CONTRACT}`);
    await expect(page.getByTestId('total')).toHaveText(organisationPrice);
    await shot(page, 'received');

    // The start page works once.
    await page.goto(startPage);
    await expect(page.getByTestId('punchout-link-used')).toContainText(language === 'ar'
      ? 'انتهت صلاحية رابط الشراء المباشر هذا أو سبق استخدامه. ابدأ من جديد من نظام المشتريات لديك.'
      : 'This punchout link has expired or was already used. Start again from your procurement system.');
    await shot(page, 'link-used');

    // --- After approval in the procurement system, its purchase order for the transferred lines arrives. ---
    const poNumber = `PO-${Date.now().toString(36).toUpperCase()}-${language}`;
    const order = await request.post('/punchout/cxml/order', {
      headers: { 'content-type': 'text/xml' },
      data: orderRequestXml({
        orderId: poNumber, from: identity, sender: identity, secret, contactEmail: email,
        lines: [{ part: variant.model_number, auxiliary: String(variant.id), quantity: 1, price: organisationPrice }],
      }),
    });
    expect(order.status(), await order.text()).toBe(200);
    const orderNumber = /Order (\S+) placed for purchase order/.exec(await order.text())![1];
    // Staff see it, and so does the organisation in its reports.
    const staffOrders = await (await request.get(`/api/staff/orders/?search=${encodeURIComponent(orderNumber)}`, { headers: staff })).json();
    expect(staffOrders.orders.map((row: { orderNumber: string }) => row.orderNumber)).toContain(orderNumber);
    const organisationOrders = await (await request.get('/api/organisation/orders/', { headers: bearer(admin) })).json();
    expect(JSON.stringify(organisationOrders.orders)).toContain(orderNumber);
  });
}
