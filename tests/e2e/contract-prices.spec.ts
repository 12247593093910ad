import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession, type Session } from './support/session.ts';

interface Listed { id: number; slug: string; name: string; price: string; variant_count: number; stock_quantity: number }

/** A demo product of one size with stock, and its list price in cents. */
async function plainProduct(request: APIRequestContext): Promise<Listed> {
  const list = await (await request.get('/api/products/?in_stock=true&ordering=name&page_size=100')).json();
  const found = (list.results as Listed[]).find((item) => item.variant_count === 1 && item.stock_quantity >= 5);
  if (!found) throw new Error('no demo product of one size in stock');
  return found;
}

/** 10% off in cents, rounded half up, as the server prices it. */
const tenPercentOff = (price: string) => {
  const cents = Math.round(Number(price) * 100);
  return (cents - Math.floor((cents * 1_000 * 2 + 10_000) / 20_000)) / 100;
};

test('staff put an organisation’s price list under a contract; the buyer’s cart line names it at the contract price', async ({
  browser, request, baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const { email, session } = await registerAccount(request, testInfo, 'business');
  expect((await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { currency: 'USD' } } })).ok()).toBe(true);
  const staffAuth: Session = await staffSession(request);
  const listed = await (await request.get(`/api/staff/organisations/?search=${encodeURIComponent(email)}`, { headers: bearer(staffAuth) })).json();
  const organisationId = listed.organisations[0].id as string;
  expect((await request.post(`/api/staff/organisations/${organisationId}/approve/`, { headers: bearer(staffAuth) })).ok()).toBe(true);
  const product = await plainProduct(request);
  const added = await request.post(`/api/staff/organisations/${organisationId}/prices/`, {
    headers: bearer(staffAuth), data: { scope: 'product', product: product.slug, kind: 'percent', value: '10' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const contract = `MH-${Date.now().toString(36).toUpperCase()}`;

  // Staff set the contract where they edit the price list: an end before the start is refused on its field.
  const staff = await signedInPage(browser, baseURL!, staffAuth, viewport);
  await staff.goto(`/staff/organisations/${organisationId}`);
  const form = staff.getByRole('form', { name: 'Contract' });
  await form.getByRole('textbox', { name: 'Contract number' }).fill(contract);
  await form.getByLabel('Starts on').fill('2026-01-10');
  await form.getByLabel('Ends on').fill('2026-01-01');
  await form.getByRole('button', { name: 'Save contract' }).click();
  await expect(form.getByText('The contract cannot end before it starts.')).toBeVisible();
  await form.getByLabel('Starts on').fill('2026-01-01');
  await form.getByLabel('Ends on').fill('2099-12-31');
  await form.getByRole('button', { name: 'Save contract' }).click();
  await expect(staff.getByText('Contract saved.', { exact: true })).toBeVisible();
  await expect(form.getByText('The price list applies today.')).toBeVisible();
  await shoot(staff, testInfo, 'staff-price-contract');

  // The buyer's cart line names the contract, at the contract price.
  const cartAdd = await request.post('/api/cart/add-item/', { headers: bearer(session), data: { product_id: product.id, quantity: 2 } });
  expect(cartAdd.ok(), await cartAdd.text()).toBe(true);
  const buyer = await signedInPage(browser, baseURL!, session, viewport);
  await buyer.goto('/cart');
  const line = buyer.getByRole('article').filter({ hasText: product.name });
  await expect(line.getByTestId('line-contract')).toHaveText(`Contract ${contract}`);
  const unit = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(tenPercentOff(product.price));
  await expect(line.getByTestId('line-price')).toContainText(unit);
  await shoot(buyer, testInfo, 'cart-contract-en');

  await buyer.goto('/cart?lang=ar');
  await expect(buyer.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(buyer.getByTestId('line-contract')).toContainText('العقد');
  await expect(buyer.getByTestId('line-contract')).toContainText(contract);
  await shoot(buyer, testInfo, 'cart-contract-ar');

  // The buyer's Billing tab shows the contract and that it applies.
  await buyer.goto('/profile/settings?tab=billing&lang=en');
  await expect(buyer.getByTestId('price-contract')).toContainText(contract);
  await expect(buyer.getByText('Your contract prices apply today.')).toBeVisible();
  await shoot(buyer, testInfo, 'billing-contract');
});
