import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/cart.ts';

const PASSWORD = 'Osteotome-Ledger-58';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Session { token: string; refreshToken: string }
interface Product { id: number; slug: string; name: string; stock_quantity: number }

async function registerBusiness(request: APIRequestContext, email: string): Promise<Session> {
  const response = await request.post('/api/auth/register/', {
    data: {
      email, first_name: 'Hamza', last_name: 'Qureshi', password: PASSWORD, password_confirm: PASSWORD, account_type: 'business',
      profile: { phone: '+92 300 7654321', hospital_name: 'Services Hospital Lahore', license_number: 'PMC-77821' },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Session;
}

async function useSession(page: Page, session: Session) {
  await page.addInitScript(([access, refresh]) => {
    localStorage.setItem('token', access);
    localStorage.setItem('refreshToken', refresh);
  }, [session.token, session.refreshToken]);
}

async function payForCart(request: APIRequestContext, token: string, key: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const cart = (await (await request.get('/api/cart/', { headers })).json()) as { grand_total: string };
  return request.post('/api/payment/process', {
    headers: { ...headers, 'Idempotency-Key': key },
    data: {
      paymentMethod: 'credit_card', currency: 'USD', amount: Number(cart.grand_total),
      paymentData: { cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvv: '123', cardName: 'Hamza Qureshi' },
      orderDetails: {
        items: [], orderType: 'hospital',
        shippingAddress: {
          email: 'hamza@example.com', firstName: 'Hamza', lastName: 'Qureshi', company: 'Services Hospital', address: 'Jail Road',
          city: 'Lahore', postalCode: '54000', phone: '+92 300 7654321',
        },
      },
    },
  });
}

test('a restricted item waits for a verified licence; a reorder list refills the cart', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(90_000);
  const email = `e2e-licence-${testInfo.project.name}-${Date.now()}@example.com`;
  const session = await registerBusiness(request, email);
  const headers = { Authorization: `Bearer ${session.token}` };
  await useSession(page, session);

  const restricted = ((await (await request.get('/api/products/?category=orthopedics&in_stock=true&ordering=price')).json()) as { results: Product[] })
    .results.find((product) => product.stock_quantity >= 3)!;
  expect((await addToCart(request, headers, restricted)).ok()).toBe(true);

  // Blocked: the cart says why, and checkout refuses with the same message.
  const message = `A verified licence is required to buy ${restricted.name}. Upload your licence under Profile → Licences.`;
  await page.goto('/cart');
  const notice = page.getByRole('alert').filter({ hasText: 'Licence required' });
  await expect(notice).toContainText(message);
  await page.screenshot({ path: testInfo.outputPath('cart-licence-required.png'), fullPage: true });
  const refused = await payForCart(request, session.token, `e2e-licence-refused-${Date.now()}`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toBe(message);

  // The buyer uploads a licence.
  await notice.getByRole('link', { name: 'Manage licences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Licences' })).toBeVisible();
  const number = `DRAP-${Date.now()}`;
  await page.getByLabel(/^Licence type/).selectOption('drap_establishment');
  await page.getByRole('textbox', { name: /^Licence number/ }).fill(number);
  await page.getByLabel(/^Expiry date/).fill(`${new Date().getUTCFullYear() + 2}-06-30`);
  await page.getByLabel(/^Licence document/).setInputFiles({ name: 'drap-licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Upload licence' }).click();
  await expect(page.getByText('Licence uploaded')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: number })).toContainText('Awaiting verification');
  await page.screenshot({ path: testInfo.outputPath('licences.png'), fullPage: true });

  // Staff verify it.
  const login = await request.post('/api/auth/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const staffSession = (await login.json()) as Session;
  const staff = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await useSession(staff, staffSession);
  await staff.goto('/staff/licences');
  await expect(staff.getByRole('heading', { level: 1, name: 'Licence review' })).toBeVisible();
  await expect(staff.getByRole('cell', { name: email }).first()).toBeVisible();
  await staff.getByRole('button', { name: `Verify ${number}` }).click();
  await expect(staff.getByText('Licence verified')).toBeVisible();
  await staff.screenshot({ path: testInfo.outputPath('staff-licences.png'), fullPage: true });
  await staff.close();

  // Now the same cart goes through.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Shopping Cart');
  await expect(page.getByText('Licence required')).toHaveCount(0);
  const paid = await payForCart(request, session.token, `e2e-licence-paid-${Date.now()}`);
  expect(paid.status()).toBe(201);

  // A reorder list: add a product with a par level, count what is on hand, reorder into the cart.
  await page.goto(`/products/${restricted.slug}`);
  await page.getByRole('button', { name: 'Add to reorder list' }).click();
  await page.getByRole('textbox', { name: /^New list name/ }).fill('Orthopaedic theatre');
  await page.getByRole('spinbutton', { name: /^Par level/ }).fill('3');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Added to reorder list')).toBeVisible();

  await page.goto('/profile/reorder-lists');
  await expect(page.getByRole('heading', { level: 2, name: /Orthopaedic theatre/ })).toBeVisible();
  await page.getByRole('spinbutton', { name: `On hand: ${restricted.name}` }).fill('1');
  await page.getByRole('button', { name: 'Reorder into cart' }).click();
  await expect(page.getByText('2 units added to your cart.')).toBeVisible();
  await expect(page.getByText('+2 added')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reorder-list.png'), fullPage: true });
  const cart = (await (await request.get('/api/cart/', { headers })).json()) as { items: { product_id: number; quantity: number }[] };
  expect(cart.items).toEqual([expect.objectContaining({ product_id: restricted.id, quantity: 2 })]);
});

test('an individual sees Licence required on a restricted product and cannot add it', async ({ page, request }, testInfo) => {
  const email = `e2e-individual-${testInfo.project.name}-${Date.now()}@example.com`;
  const registered = await request.post('/api/auth/register/', {
    data: {
      email, first_name: 'Sana', last_name: 'Malik', password: PASSWORD, password_confirm: PASSWORD, account_type: 'individual',
      profile: { phone: '+92 300 1112233', specialty: 'orthopedics' },
    },
  });
  expect(registered.status()).toBe(201);
  const session = (await registered.json()) as Session;
  const headers = { Authorization: `Bearer ${session.token}` };
  await useSession(page, session);
  const list = (await (await request.get('/api/products/?category=orthopedics&in_stock=true&ordering=name', { headers })).json()) as {
    results: (Product & { licence_required: boolean })[];
  };
  const restricted = list.results[0];
  expect(restricted.licence_required).toBe(true);

  // The card in the catalogue: a badge, and a disabled button that says why.
  await page.goto('/products?category=orthopedics&ordering=name');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: restricted.name, exact: true }) }).first();
  await expect(card.getByText('Licence required', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: new RegExp(`^Licence required: ${restricted.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }))
    .toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('restricted-card.png') });

  // The product page: the notice explains, Add to Cart is disabled.
  await page.goto(`/products/${restricted.slug}`);
  await expect(page.getByRole('note').filter({ hasText: 'Licence required' }))
    .toContainText('an individual account cannot order it');
  await expect(page.getByRole('button', { name: /^Licence required/ }).first()).toBeDisabled();
  await expect(page.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('restricted-product.png'), fullPage: false });

  // The server refuses it too, and nothing is added.
  const refused = await addToCart(request, headers, restricted);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('LICENCE_REQUIRED');
  expect(((await (await request.get('/api/cart/', { headers })).json()) as { items: unknown[] }).items).toEqual([]);
});
