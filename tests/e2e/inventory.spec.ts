import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { variantToBuy } from './support/cart.ts';

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

async function tokensFor(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login/', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { token: string; refreshToken: string };
}

/** A browser context signed in with these tokens. */
async function signedInPage(browser: Browser, baseURL: string, tokens: { token: string; refreshToken: string }) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(([token, refreshToken]) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    }
  }, [tokens.token, tokens.refreshToken]);
  return context.newPage();
}

const tileValue = async (page: Page, label: string) => Number((await page.getByTestId(`tile-${label}`).innerText()).replace(/\D/g, ''));

test('staff receive stock for an out-of-stock product; an open product page goes In Stock live', async ({ page, browser, request, baseURL }, testInfo) => {
  // A product sold in one variant: receiving it puts the whole product back in stock.
  const list = await (await request.get('/api/products/?in_stock=false&page_size=100&ordering=name')).json();
  const product = (list.results as { id: number; slug: string; name: string; variant_count: number }[]).find((item) => item.variant_count === 1)!;
  expect(product).toBeTruthy();
  const variant = await variantToBuy(request, product);

  // The buyer: a signed-out visitor on the product page.
  await page.goto(`/products/${product.slug}`);
  const stockPanel = page.locator('section[aria-labelledby="stock-heading"]');
  await expect(stockPanel.getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(stockPanel.getByText('Live')).toBeVisible();
  await expect(page.getByRole('button', { name: /Notify When Available/ })).toBeVisible();

  // Staff, in a second browser context.
  const staffTokens = await tokensFor(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const staff = await signedInPage(browser, baseURL!, staffTokens);
  await staff.goto('/inventory');
  await expect(staff.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await expect(staff.getByTestId('tile-Total Products')).not.toHaveText('--');
  const outBefore = await tileValue(staff, 'Out of Stock');
  expect(await tileValue(staff, 'Total Products')).toBeGreaterThan(0);
  expect(outBefore).toBeGreaterThan(0);
  await shoot(staff, testInfo, 'inventory-overview');

  await staff.getByRole('button', { name: /Low Stock Alerts/ }).click();
  await expect(staff.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
  // Several products can share a name: the link to the product page tells them apart.
  const productLink = `a[href="/products/${product.slug}"]`;
  const alert = staff.getByTestId('stock-alert').filter({ has: staff.locator(productLink) });
  await expect(staff.getByTestId('stock-alert').first()).toBeVisible();
  const summary = staff.getByText(/^\d+ out of stock · \d+ low$/);
  const outAlertsBefore = Number((await summary.innerText()).split(' ')[0]);
  while (!(await alert.isVisible())) await staff.getByRole('button', { name: /Show more/ }).click();
  await expect(alert.getByText('Out of Stock', { exact: true })).toBeVisible();
  await staff.evaluate(() => window.scrollTo(0, 0));
  await shoot(staff, testInfo, 'inventory-alerts');

  await staff.getByRole('tab', { name: 'Overview' }).click();
  await staff.getByRole('button', { name: /Add Stock/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Receive stock' });
  await dialog.getByRole('searchbox', { name: 'Find product' }).fill(product.name);
  await expect(dialog.locator(`option[value="${variant.id}"]`)).toHaveCount(1);
  await dialog.getByRole('combobox', { name: /Product/ }).selectOption(String(variant.id));
  await dialog.getByRole('spinbutton', { name: /Quantity/ }).fill('500');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Delivery from Sialkot');
  await shoot(staff, testInfo, 'inventory-receive-dialog');
  await dialog.getByRole('button', { name: 'Receive stock' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText('Stock received')).toBeVisible();

  // The buyer's page changes without a reload.
  await expect(stockPanel.getByText('In Stock', { exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(stockPanel.getByText('500 available')).toBeVisible();
  await expect(page.getByRole('button', { name: /Notify When Available/ })).toHaveCount(0);

  await expect(staff.getByTestId('tile-Out of Stock')).toHaveText(new Intl.NumberFormat('en-US').format(outBefore - 1));
  await staff.getByRole('tab', { name: 'Alerts' }).click();
  await expect(summary).toHaveText(new RegExp(`^${outAlertsBefore - 1} out of stock`));
  const openAlerts = await (await staff.request.get('/api/inventory/alerts/', { headers: { authorization: `Bearer ${staffTokens.token}` } })).json();
  expect(openAlerts.alerts.filter((a: { productId: number }) => a.productId === product.id)).toEqual([]);

  await staff.getByRole('tab', { name: 'Inventory Items' }).click();
  // By catalogue number: several products of one pattern share its name.
  await staff.getByRole('searchbox', { name: 'Search inventory' }).fill(variant.model_number);
  const card = staff.getByTestId('inventory-item').filter({ has: staff.locator(productLink) });
  await expect(card.getByText('In Stock', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'History' }).click();
  await expect(card.getByText('Delivery from Sialkot')).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Search inventory' }).fill('');
  await expect(staff.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  await staff.evaluate(() => window.scrollTo(0, 0));
  await shoot(staff, testInfo, 'inventory-items');
  await staff.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
  await shoot(staff, testInfo, 'inventory-items-pager');
  await staff.context().close();
});

test('only staff can open /inventory', async ({ page, browser, request, baseURL }) => {
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(page.getByText('Please log in to access this page.')).toBeVisible();

  const email = `buyer-${Date.now()}-${test.info().project.name}@example.com`;
  const password = 'Retractor-Sponge-42';
  const registered = await request.post('/api/auth/register/', {
    data: {
      email, first_name: 'Sana', last_name: 'Iqbal', password, password_confirm: password, account_type: 'individual',
      profile: { phone: '+92 300 7654321', specialty: 'general' },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const customer = await signedInPage(browser, baseURL!, await registered.json());
  await customer.goto('/inventory');
  await expect(customer).toHaveURL(/\/$/);
  await expect(customer.getByText('Admin Access Required')).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Inventory' })).toHaveCount(0);
  const api = await customer.request.get('/api/inventory/overview/', { headers: { authorization: `Bearer ${(await registered.json()).token}` } });
  expect(api.status()).toBe(403);
  await customer.context().close();
});
