import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { variantToBuy } from './support/cart.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession, type Session } from './support/session.ts';
import arCheckout from '../../src/web/locales/ar/checkout.json' with { type: 'json' };
import arText from '../../src/web/locales/ar/private-label.json' with { type: 'json' };
import enCheckout from '../../src/web/locales/en/checkout.json' with { type: 'json' };
import enText from '../../src/web/locales/en/private-label.json' with { type: 'json' };
import urCheckout from '../../src/web/locales/ur/checkout.json' with { type: 'json' };
import urText from '../../src/web/locales/ur/private-label.json' with { type: 'json' };

const LANGUAGES = { en: { pl: enText, checkout: enCheckout }, ur: { pl: urText, checkout: urCheckout } } as const;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="20"><text x="0" y="15">ACME MEDICAL</text></svg>';
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/** Staff verify the buyer's organisation, and with `onTerms` put it on Net 30 terms: the approval goes on its invoice. */
async function verifiedOnTerms(request: APIRequestContext, session: Session, onTerms = true) {
  let { organisation } = await (await request.get('/api/organisations/mine/', { headers: bearer(session) })).json();
  organisation ??= (await (await request.post('/api/organisations/mine/submit/', { headers: bearer(session) })).json()).organisation;
  const staff = bearer(await staffSession(request));
  expect((await request.post(`/api/staff/organisations/${organisation.id}/approve/`, { headers: staff })).ok()).toBe(true);
  if (!onTerms) return;
  const terms = await request.patch(`/api/staff/organisations/${organisation.id}/`, { headers: staff, data: { payment_terms: 'net30', credit_limit: '90000.00' } });
  expect(terms.ok(), await terms.text()).toBe(true);
}

for (const language of ['en', 'ur'] as const) {
  test(`private label (${language}): a request with artwork, a proof sent back for changes, a second approved, the order in production`, async ({
    browser, request, baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { pl: t, checkout: c } = LANGUAGES[language];
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const { session } = await registerAccount(request, testInfo, 'business');
    await verifiedOnTerms(request, session);
    // The buyer reads the shop in this language: every page they reload, and every mail, is in it.
    // (Staff read it through ?lang=: their session is shared with other journeys.)
    const preferred = await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { language } } });
    expect(preferred.ok(), await preferred.text()).toBe(true);
    const offers = (await (await request.get('/api/private-label/offers/', { headers: bearer(session) })).json()).offers as
      { product_slug: string; product_name: string; moq: number; variants: { id: number }[] }[];
    let chosen: { offer: (typeof offers)[number]; variantId: number } | null = null;
    for (const offer of offers.slice(0, 20)) {
      const variant = await variantToBuy(request, { slug: offer.product_slug }, offer.moq);
      if (variant.available_stock >= offer.moq) {
        chosen = { offer, variantId: variant.id };
        break;
      }
    }
    expect(chosen).toBeTruthy();
    const { offer, variantId } = chosen!;

    // The buyer finds private label under the profile and sends a request with artwork and the manufacturer notice.
    const buyer = await signedInPage(browser, baseURL!, session, viewport);
    await buyer.goto(`/profile/settings?lang=${language}`);
    await buyer.getByRole('link', { name: new RegExp(t.myTitle) }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: t.myTitle })).toBeVisible();
    await shoot(buyer, testInfo, `private-label-empty-${language}`);
    await buyer.getByRole('link', { name: t.newRequest }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: t.newTitle })).toBeVisible();
    await buyer.getByRole('combobox', { name: t.product }).selectOption(String(variantId));
    await expect(buyer.getByRole('textbox', { name: t.quantity })).toHaveValue(String(offer.moq));
    await buyer.getByRole('textbox', { name: t.placement }).fill('Left shank, 2 mm letters');
    await buyer.getByRole('textbox', { name: t.packagingText }).fill('ACME MEDICAL · Made in Pakistan');
    await buyer.getByLabel(t.artworkChoose).setInputFiles({ name: 'acme-logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SVG) });
    await buyer.getByRole('button', { name: t.send }).click();
    await expect(buyer.getByText(t.noticeRequired)).toBeVisible();
    await buyer.getByRole('checkbox', { name: t.noticeConfirm }).check();
    await shoot(buyer, testInfo, `private-label-new-${language}`);
    await buyer.getByRole('button', { name: t.send }).click();
    const heading = buyer.getByRole('heading', { level: 1, name: /PL-\d+/ });
    await expect(heading).toBeVisible();
    const number = /PL-\d+/.exec(await heading.innerText())![0];
    await expect(buyer.getByText('acme-logo.svg')).toBeVisible();
    await expect(buyer.getByText(t.status_requested).first()).toBeVisible();

    // Staff quote it and send proof version 1.
    const staff = await signedInPage(browser, baseURL!, await staffSession(request), viewport);
    await staff.goto(`/staff/private-label?lang=${language}`);
    await expect(staff.getByRole('heading', { level: 1, name: t.staffTitle })).toBeVisible();
    await staff.getByRole('link', { name: new RegExp(number) }).click();
    await expect(staff.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
    await staff.getByRole('textbox', { name: new RegExp(`^${t.unitPrice}`) }).fill('4.50');
    await staff.getByRole('textbox', { name: t.leadTimeLabel }).fill('45');
    await staff.getByRole('textbox', { name: t.depositLabel }).fill('30');
    await staff.getByRole('button', { name: t.saveQuote }).click();
    await expect(staff.getByText(t.quoteSaved)).toBeVisible();
    await staff.getByLabel(t.proofFile).setInputFiles({ name: 'proof-1.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
    await staff.getByRole('textbox', { name: t.proofNote }).fill('Logo on the left shank');
    await shoot(staff, testInfo, `private-label-staff-quoted-${language}`);
    await staff.getByRole('button', { name: new RegExp(t.sendProof.replace('{{version}}', '.+')) }).click();
    await expect(staff.getByTestId('proof-1')).toBeVisible();

    // The buyer asks for changes to version 1.
    await buyer.reload();
    await expect(buyer.getByTestId('proof-1')).toBeVisible();
    await buyer.getByRole('textbox', { name: t.changesLabel }).fill('Make the letters 3 mm.');
    await shoot(buyer, testInfo, `private-label-proof-1-${language}`);
    await buyer.getByRole('button', { name: t.askChanges }).click();
    await expect(buyer.getByText(t.changesSent)).toBeVisible();

    // Staff send version 2.
    await staff.goto(`${new URL(staff.url()).pathname}?lang=${language}`);
    await staff.getByLabel(t.proofFile).setInputFiles({ name: 'proof-2.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(SVG) });
    await staff.getByRole('button', { name: new RegExp(t.sendProof.replace('{{version}}', '.+')) }).click();
    await expect(staff.getByTestId('proof-2')).toBeVisible();

    // The buyer approves version 2: the order is placed on the organisation's invoice at the quoted price.
    await buyer.reload();
    await expect(buyer.getByTestId('proof-2')).toBeVisible();
    await buyer.getByRole('textbox', { name: c.address }).fill('1 Jail Road');
    await buyer.getByRole('textbox', { name: c.city }).fill('Lahore');
    await buyer.getByRole('textbox', { name: c.postalCode }).fill('54000');
    await buyer.getByRole('textbox', { name: c.phone }).fill('+92 42 1234567');
    await buyer.getByRole('button', { name: c.continueToPayment }).click();
    await buyer.getByRole('radio', { name: new RegExp(c.methodInvoice) }).check();
    await buyer.getByRole('button', { name: new RegExp(`^${c.continue}`) }).click();
    await buyer.getByRole('button', { name: c.reviewPayment }).click();
    await shoot(buyer, testInfo, `private-label-approve-${language}`);
    await buyer.getByRole('button', { name: new RegExp(c.pay.replace('{{amount}}', '.+')) }).click();
    await buyer.waitForURL(/\/payment\/result/);
    const orders = await (await request.get('/api/orders/', { headers: bearer(session) })).json();
    expect(orders.orders[0].items).toMatchObject([{ quantity: offer.moq, price: 4.5 }]);

    // Staff start production; the buyer sees every step with its date.
    await staff.goto(`${new URL(staff.url()).pathname}?lang=${language}`);
    await staff.getByRole('button', { name: new RegExp(t.status_in_production) }).click();
    await expect(staff.getByText(t.moved)).toBeVisible();
    await shoot(staff, testInfo, `private-label-staff-production-${language}`);
    await buyer.goto(`/profile/private-label?lang=${language}`);
    await expect(buyer.getByText(t.status_in_production)).toBeVisible();
    await shoot(buyer, testInfo, `private-label-list-${language}`);
    await buyer.getByRole('link', { name: new RegExp(number) }).click();
    const timeline = buyer.getByRole('region', { name: t.timeline });
    for (const step of ['status_requested', 'status_quoted', 'status_proof_sent', 'status_changes_requested', 'status_approved', 'status_in_production'] as const) {
      await expect(timeline.getByText(t[step], { exact: true }).first()).toBeVisible();
    }
    await shoot(buyer, testInfo, `private-label-timeline-${language}`);
  });
}

test('private label (ar): a card pays the deposit on approval, the balance once ready to ship, and only then it ships', async ({
  browser, request, baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const t = arText;
  const c = arCheckout;
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const { session } = await registerAccount(request, testInfo, 'business');
  await verifiedOnTerms(request, session, false);
  expect((await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { language: 'ar' } } })).ok()).toBe(true);
  const offers = (await (await request.get('/api/private-label/offers/', { headers: bearer(session) })).json()).offers as
    { product_slug: string; moq: number }[];
  let chosen: { moq: number; variantId: number } | null = null;
  for (const offer of offers.slice(0, 20)) {
    const variant = await variantToBuy(request, { slug: offer.product_slug }, offer.moq);
    if (variant.available_stock >= offer.moq) {
      chosen = { moq: offer.moq, variantId: variant.id };
      break;
    }
  }
  expect(chosen).toBeTruthy();

  // Asked for, quoted with a 30% deposit and a proof sent (each step has its own journey above).
  const created = await request.post('/api/private-label/requests/', {
    headers: bearer(session),
    data: { items: [{ variant_id: chosen!.variantId, quantity: chosen!.moq }], marking: 'laser_etch', placement: 'Left shank', manufacturer_notice: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id, items } = (await created.json()).request as { id: number; items: { id: number }[] };
  const staff = bearer(await staffSession(request));
  const quoted = await request.put(`/api/staff/private-label/requests/${id}/quote/`, {
    headers: staff, data: { items: [{ id: items[0].id, unit_price: '4.50' }], lead_time_days: 45, deposit_percent: 30 },
  });
  const { deposit_amount_pkr: deposit, totals } = (await quoted.json()).request as { deposit_amount_pkr: string; totals: { grand_total_pkr: string } };
  expect((await request.post(`/api/staff/private-label/requests/${id}/proofs/`, {
    headers: staff, multipart: { file: { name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) } },
  })).ok()).toBe(true);

  const openRequest = async (page: Page) => {
    await page.goto('/profile/private-label?lang=ar');
    await page.getByRole('link', { name: new RegExp(`PL-${String(id).padStart(5, '0')}`) }).click();
  };
  const payByCard = async (page: Page, shot: string) => {
    await page.getByRole('radio', { name: new RegExp(c.methodCard) }).check();
    await page.getByRole('button', { name: new RegExp(`^${c.continue}`) }).click();
    await page.getByLabel(c.cardNumber).fill('4242 4242 4242 4242');
    await page.getByLabel(c.expiry).fill('12/39');
    await page.getByLabel(c.cvv).fill('123');
    await page.getByLabel(c.cardName).fill('Sana Malik');
    await page.getByRole('button', { name: c.reviewPayment }).click();
    await shoot(page, testInfo, shot);
    await page.getByRole('button', { name: new RegExp(c.pay.replace('{{amount}}', '.+')) }).click();
    await page.waitForURL(/\/payment\/result/);
  };

  // Approving by card pays the deposit only.
  const buyer = await signedInPage(browser, baseURL!, session, viewport);
  await openRequest(buyer);
  await expect(buyer.getByTestId('proof-1')).toBeVisible();
  await buyer.getByRole('textbox', { name: c.address }).fill('1 Jail Road');
  await buyer.getByRole('textbox', { name: c.city }).fill('Lahore');
  await buyer.getByRole('textbox', { name: c.postalCode }).fill('54000');
  await buyer.getByRole('textbox', { name: c.phone }).fill('+92 42 1234567');
  await buyer.getByRole('button', { name: c.continueToPayment }).click();
  await payByCard(buyer, 'private-label-deposit-ar');
  const orderId = (await (await request.get(`/api/private-label/requests/${id}`, { headers: bearer(session) })).json()).request.order.id as string;

  // Staff take it to ready to ship; it cannot ship while the balance is due.
  for (const status of ['in_production', 'quality_check', 'ready_to_ship']) {
    expect((await request.post(`/api/staff/private-label/requests/${id}/production/`, { headers: staff, data: { status } })).ok()).toBe(true);
  }
  const { lines } = await (await request.get(`/api/staff/orders/${orderId}/`, { headers: staff })).json() as { lines: { id: number; quantity: number }[] };
  const shipment = { items: lines.map((line) => ({ order_item_id: line.id, quantity: line.quantity })), carrier: 'other', carrier_name: 'Daewoo Express', tracking_number: 'DX-1' };
  const refused = await request.post(`/api/staff/orders/${orderId}/shipments/`, { headers: staff, data: shipment });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('BALANCE_DUE');

  // The buyer sees what is paid and due, and pays the balance by card.
  await openRequest(buyer);
  await expect(buyer.getByRole('heading', { name: t.paymentHeading }).first()).toBeVisible();
  // Paid in rupees: the deposit as quoted, and the rest of the quoted total due.
  const due = (await (await request.get(`/api/private-label/requests/${id}`, { headers: bearer(session) })).json()).request.payment;
  expect(due).toMatchObject({ currency: 'PKR', paid: deposit, on_terms: false });
  expect(Number(due.paid) + Number(due.balance_due)).toBe(Number(totals.grand_total_pkr));
  await expect(buyer.getByTestId('balance-due')).toBeVisible();
  await shoot(buyer, testInfo, 'private-label-balance-due-ar');
  await payByCard(buyer, 'private-label-balance-pay-ar');
  await openRequest(buyer);
  await expect(buyer.getByText(t.paidInFull)).toBeVisible();
  await shoot(buyer, testInfo, 'private-label-paid-ar');

  // Now it ships.
  const shipped = await request.post(`/api/staff/orders/${orderId}/shipments/`, { headers: staff, data: shipment });
  expect(shipped.status(), await shipped.text()).toBe(201);
});
