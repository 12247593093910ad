import type { APIRequestContext, TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { variantToBuy } from './support/cart.ts';
import { joinAs } from './support/organisation.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession, type Session } from './support/session.ts';
import { linkFromMail } from './mailbox.ts';
import { pdfText } from '../../src/server/test/pdf-text.ts';

const PASSWORD = 'Retractor-Lumen-47';
const QUOTED_PRICE = '9.75';

/** A business account with a verified email. */
async function verifiedBusiness(request: APIRequestContext, testInfo: TestInfo) {
  const email = `e2e-quotes-${testInfo.project.name}-${Date.now()}@example.com`;
  const registered = await request.post('/api/auth/register/', {
    data: {
      email, first_name: 'Bilal', last_name: 'Ahmed', password: PASSWORD, password_confirm: PASSWORD, account_type: 'business',
      profile: { hospital_name: 'Mayo Hospital Lahore', license_number: `PMC-${Date.now()}` },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const session = (await registered.json()) as Session;
  const token = new URLSearchParams((await linkFromMail(email, '/verify-email')).split('?')[1]).get('token')!;
  expect((await request.get(`/api/auth/verify-email/${token}/`)).ok()).toBe(true);
  const staffSession = (await (await request.post('/api/auth/login/', { data: E2E_ADMIN })).json()) as Session;
  return { email, session, staffSession };
}

/** Staff verify the buyer's organisation and put it on Net 30 terms with credit to spare. */
async function approveForTerms(request: APIRequestContext, { session, staffSession }: { session: Session; staffSession: Session }) {
  const buyer = { authorization: `Bearer ${session.token}` };
  let { organisation } = await (await request.get('/api/organisations/mine/', { headers: buyer })).json();
  organisation ??= (await (await request.post('/api/organisations/mine/submit/', { headers: buyer })).json()).organisation;
  const staff = { authorization: `Bearer ${staffSession.token}` };
  expect((await request.post(`/api/staff/organisations/${organisation.id}/approve/`, { headers: staff })).ok()).toBe(true);
  const terms = await request.patch(`/api/staff/organisations/${organisation.id}/`, {
    headers: staff, data: { payment_terms: 'net30', credit_limit: '50000.00' },
  });
  expect(terms.ok(), await terms.text()).toBe(true);
}

test('a business buyer requests a quote for 60 units, staff price and send it, the buyer accepts and pays by invoice on terms', async ({
  browser, request, baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const account = await verifiedBusiness(request, testInfo);
  const { email, session, staffSession } = account;
  // General surgery needs no practitioner licence; instruments under $30 are stocked in the hundreds.
  const list = await (await request.get('/api/products/?category=general-surgery&in_stock=true&min_price=10&max_price=30&page_size=100')).json();
  const product = (list.results as { slug: string; name: string; stock_quantity: number; price: string }[])
    .find((p) => p.stock_quantity >= 60 && Number(p.price) > Number(QUOTED_PRICE))!;
  expect(product).toBeTruthy();

  // The buyer asks for 60 units from the product page.
  const buyer = await signedInPage(browser, baseURL!, session, viewport);
  await buyer.goto(`/products/${product.slug}`);
  await expect(buyer.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await buyer.getByRole('spinbutton', { name: 'Quantity' }).fill('60');
  await buyer.getByRole('link', { name: 'Request Quote for Bulk Order' }).click();
  await expect(buyer.getByRole('heading', { name: 'Request a Quote' })).toBeVisible();
  await expect(buyer.getByText(product.name)).toBeVisible();
  await expect(buyer.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('60');
  await buyer.getByRole('button', { name: 'Send Request' }).click();
  await expect(buyer.getByText('This field is required.')).toBeVisible();
  await buyer.getByRole('textbox', { name: 'Delivery city' }).fill('Lahore');
  await buyer.getByRole('textbox', { name: 'Notes' }).fill('Deliver to the central store, gate 3.');
  await shoot(buyer, testInfo, 'quote-request');
  await buyer.getByRole('button', { name: 'Send Request' }).click();
  await expect(buyer.getByText('Quote requested', { exact: true })).toBeVisible();
  const quoteHeading = buyer.getByRole('heading', { level: 1, name: /^Quote Q-/ });
  await expect(quoteHeading).toBeVisible();
  const quoteNumber = (await quoteHeading.innerText()).replace('Quote ', '').trim();
  await expect(buyer.getByText(/Our sales team is pricing your request/)).toBeVisible();

  // Staff price the line, set how long it holds and send it.
  const staff = await signedInPage(browser, baseURL!, staffSession, viewport);
  await staff.goto('/');
  await staff.getByRole('button', { name: /Account menu/ }).click();
  await staff.getByRole('menuitem', { name: 'Manage Quotes' }).click();
  await expect(staff.getByRole('heading', { name: 'Quote Requests' })).toBeVisible();
  await staff.getByRole('link', { name: new RegExp(quoteNumber) }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible();
  await expect(staff.getByText(email)).toBeVisible();
  await staff.getByRole('textbox', { name: `Unit price for ${product.name} (USD)` }).fill(QUOTED_PRICE);
  await staff.getByRole('button', { name: 'Save Prices' }).click();
  await expect(staff.getByText('Prices saved', { exact: true })).toBeVisible();
  await expect(staff.getByText('$585.00').filter({ visible: true }).first()).toBeVisible();
  await shoot(staff, testInfo, 'staff-quote');
  await staff.getByRole('button', { name: 'Send to Buyer' }).click();
  await expect(staff.getByText('Quote sent', { exact: true })).toBeVisible();
  await expect(staff.getByText('Quoted', { exact: true })).toBeVisible();

  // The buyer sees the quote under the profile, accepts it and pays by invoice on the terms staff granted.
  await approveForTerms(request, account);
  await buyer.goto('/');
  await buyer.getByRole('button', { name: /Account menu/ }).click();
  await buyer.getByRole('menuitem', { name: 'My Quotes' }).click();
  await expect(buyer.getByRole('heading', { name: 'My Quotes' })).toBeVisible();
  await shoot(buyer, testInfo, 'my-quotes');
  await buyer.getByRole('link', { name: new RegExp(quoteNumber) }).click();
  await expect(buyer.getByText('Quoted', { exact: true })).toBeVisible();
  // 60 × 9.75 = 585.00: free shipping from 500.00; no tax by default.
  await expect(buyer.getByText('$9.75', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(buyer.getByText('$585.00').filter({ visible: true }).first()).toBeVisible();
  await shoot(buyer, testInfo, 'quote-sent');
  await buyer.getByRole('button', { name: 'Accept and Pay' }).click();
  await buyer.getByRole('textbox', { name: 'Address' }).fill('1 Jail Road');
  await buyer.getByRole('textbox', { name: 'City' }).fill('Lahore');
  await buyer.getByRole('textbox', { name: 'Postal code' }).fill('54000');
  await buyer.getByRole('textbox', { name: 'Phone' }).fill('+92 42 1234567');
  await buyer.getByRole('button', { name: 'Continue to Payment' }).click();
  await buyer.getByRole('radio', { name: /Pay by invoice/ }).check();
  await buyer.getByRole('button', { name: /^Continue/ }).click();
  await buyer.getByRole('button', { name: 'Review Payment' }).click();
  await shoot(buyer, testInfo, 'quote-pay');
  await buyer.getByRole('button', { name: /^Pay / }).click();
  await expect(buyer.getByText('Quote accepted', { exact: true })).toBeVisible();
  await buyer.waitForURL(/\/payment\/result/);

  // The order and its invoice carry the quoted price and the due date; the confirmation names the order.
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const orders = await (await request.get('/api/orders/', { headers: { authorization: `Bearer ${session.token}` } })).json();
  const order = orders.orders[0];
  await expect(buyer.getByRole('heading', { name: 'Order Placed on Payment Terms' })).toBeVisible();
  await expect(buyer.getByText(order.orderNumber)).toBeVisible();
  expect(order.items).toMatchObject([{ name: product.name, quantity: 60, price: 9.75 }]);
  expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'awaiting_payment', total: 585, invoiceTerms: { terms: 'net30', dueDate: due } });
  await buyer.goto(`/profile/quotes`);
  await expect(buyer.getByText('Accepted', { exact: true })).toBeVisible();
  await buyer.goto('/orders');
  await expect(buyer.getByText(order.orderNumber).first()).toBeVisible();
  await shoot(buyer, testInfo, 'orders');
  const pdf = await request.get(`/api/orders/${order.id}/invoice.pdf`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(pdf.ok()).toBe(true);
  const text = await pdfText(await pdf.body());
  expect(text).toContain(`Invoice number: ${order.orderNumber}`);
  expect(text).toContain('$9.75');
  expect(text).toContain('$585.00');
  expect(text).toContain(due);
});

/** A quote the buyer asked for `quantity` units of a product, priced by staff at `unitPrice` each and sent. */
async function sentQuote(request: APIRequestContext, buyer: Session, product: { id: number; slug: string }, quantity: number, unitPrice: string) {
  const variant = await variantToBuy(request, product, quantity);
  const requested = await request.post('/api/quotes/', {
    headers: bearer(buyer), data: { lines: [{ product_id: product.id, variant_id: variant.id, quantity }], delivery_city: 'Lahore' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const { quote } = await requested.json();
  const staff = bearer(await staffSession(request));
  const priced = await request.put(`/api/staff/quotes/${quote.id}/pricing/`, {
    headers: staff, data: { lines: [{ id: quote.lines[0].id, unit_price: unitPrice }], valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10) },
  });
  expect(priced.status(), await priced.text()).toBe(200);
  expect((await request.post(`/api/staff/quotes/${quote.id}/send/`, { headers: staff })).status()).toBe(200);
  return quote as { id: string; number: string };
}

test('a member of a department accepts a quote for it with a PO number, pays by invoice and lands on the confirmation with the invoice', async ({
  browser, request, baseURL,
}, testInfo) => {
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const { session: admin } = await registerAccount(request, testInfo, 'business');
  await approveForTerms(request, { session: admin, staffSession: await staffSession(request) });
  const member = await joinAs(request, admin, 'buyer', 'Usman');
  const memberId = (await (await request.get('/api/organisation/members/', { headers: bearer(member) })).json())
    .members.find((row: { is_you: boolean }) => row.is_you).id;
  const theatre = {
    email: 'theatre@mayo.example', firstName: 'Theatre', lastName: 'Stores', company: 'Mayo Hospital',
    address: '1 Jail Road, Cardiac Theatre', city: 'Lahore', postalCode: '54000', phone: '+92 42 99211100',
  };
  const department = await request.post('/api/organisation/departments/', {
    headers: bearer(admin), data: { name: 'Cardiac Theatre', cost_centre: 'CC-410', bill_to: theatre, ship_to: [theatre], po_required: true, member_ids: [memberId] },
  });
  expect(department.status(), await department.text()).toBe(201);
  const list = await (await request.get('/api/products/?category=general-surgery&in_stock=true&min_price=10&max_price=30&page_size=50')).json();
  const product = (list.results as { id: number; slug: string; stock_quantity: number }[]).find((item) => item.stock_quantity >= 20)!;
  const quote = await sentQuote(request, member, product, 20, QUOTED_PRICE);
  const poNumber = `PO-${Date.now().toString(36).toUpperCase()}`;

  // The member accepts: the department is theirs alone, chosen with its delivery address; it needs a PO number.
  const page = await signedInPage(browser, baseURL!, member, viewport);
  await page.goto(`/profile/quotes/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${quote.number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Accept and Pay' }).click();
  await expect(page.getByRole('combobox', { name: /^Department/ })).toHaveValue(/\d+/);
  await expect(page.getByRole('textbox', { name: /^Address/ })).toHaveValue(theatre.address);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const poField = page.getByRole('textbox', { name: /^Purchase-order number/ });
  await expect(poField).toHaveAttribute('aria-invalid', 'true');
  await poField.fill(poNumber);
  await shoot(page, testInfo, 'quote-department');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /Pay by invoice/ }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();

  // The confirmation: the order on payment terms, its number, the due date and its invoice, which carries the PO number.
  await expect(page.getByRole('heading', { name: 'Order Placed on Payment Terms' })).toBeVisible();
  const order = (await (await request.get('/api/orders/', { headers: bearer(member) })).json()).orders[0];
  expect(order).toMatchObject({ paymentMethod: 'invoice', purchaseOrder: { poNumber, department: 'Cardiac Theatre' } });
  await expect(page.getByText(order.orderNumber)).toBeVisible();
  await expect(page.locator(`time[datetime="${order.invoiceTerms.dueDate}"]`)).toBeVisible();
  await shoot(page, testInfo, 'quote-invoice-confirmation');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Invoice' }).click();
  const invoice = await pdfText(await readFile((await (await download).path())!));
  for (const text of [order.orderNumber, poNumber, 'CC-410']) expect(invoice).toContain(text);
});
