import { E2E_ADMIN } from '../../playwright.config.ts';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bearer, registerAccount, shoot, signedInPage, staffSession } from './support/session.ts';

interface Tiered {
  model_number: string;
  price: string;
  price_tiers: { min_quantity: number; unit_price: string }[];
}

interface Detail {
  slug: string;
  name: string;
  variants: (Tiered & { is_in_stock: boolean; available_stock: number })[];
}

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
/** 3% off in cents, rounded half up, as the server prices it. */
const threePercentOff = (price: string) => {
  const cents = Math.round(Number(price) * 100);
  return (cents - Math.floor((cents * 300 * 2 + 10_000) / 20_000)) / 100;
};

/**
 * A demo product whose page opens on a size (its first in stock) with volume tiers and stock for a ten-unit order:
 * the product with that size's catalogue number, price and tiers.
 */
async function tieredProduct(request: APIRequestContext): Promise<Pick<Detail, 'slug' | 'name'> & Tiered> {
  const list = await (await request.get('/api/products/?in_stock=true&ordering=name&page_size=100')).json();
  for (const item of list.results as { slug: string; stock_quantity: number }[]) {
    if (item.stock_quantity < 20) continue;
    const detail = (await (await request.get(`/api/products/${item.slug}/`)).json()) as Detail;
    const shown = detail.variants.find((variant) => variant.is_in_stock);
    if (shown && shown.available_stock >= 20 && shown.price_tiers.length === 2) {
      return { slug: detail.slug, name: detail.name, model_number: shown.model_number, price: shown.price, price_tiers: shown.price_tiers };
    }
  }
  throw new Error('no demo product with volume tiers');
}

test('staff verify an organisation and grant Net 30; the buyer sees tier and price-list prices and checks out by invoice', async ({
  browser, request, baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const { email, session } = await registerAccount(request, testInfo, 'business');
  // Prices on screen in US dollars, as the API sends them.
  expect((await request.put('/api/auth/profile/', { headers: bearer(session), data: { preferences: { currency: 'USD' } } })).ok()).toBe(true);
  const product = await tieredProduct(request);
  const [tenUp, fiftyUp] = product.price_tiers;
  const listPrice = Number(product.price);
  const ownPrice = threePercentOff(product.price);

  // The buyer's profile shows the organisation waiting for review.
  const buyer = await signedInPage(browser, baseURL!, session, viewport);
  await buyer.goto('/profile/settings');
  await expect(buyer.getByRole('heading', { name: 'Business verification' })).toBeVisible();
  await expect(buyer.getByText('Pending review')).toBeVisible();

  // Staff find it from the staff menu, verify it, put it on Net 30 and give it 3% off this product.
  const staff = await signedInPage(browser, baseURL!, await staffSession(request), viewport);
  await staff.goto('/');
  await staff.getByRole('button', { name: /Account menu/ }).click();
  await staff.getByRole('menuitem', { name: 'Organisations' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(staff.getByText(email)).toBeVisible();
  await shoot(staff, testInfo, 'staff-organisations');
  // Other journeys' hospitals share the name: open the one this buyer registered, whether or not the search has narrowed the list yet.
  await staff.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: /^Open/ }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Mayo Hospital Lahore' })).toBeVisible();
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Organisation verified', { exact: true })).toBeVisible();
  await staff.getByRole('combobox', { name: 'Account manager' }).selectOption({ label: `Shop Administrator (${E2E_ADMIN.email})` });
  await staff.getByRole('combobox', { name: 'Payment terms' }).selectOption({ label: 'Net 30' });
  await staff.getByRole('textbox', { name: 'Credit limit (USD)' }).fill('50000');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByText('Saved', { exact: true })).toBeVisible();
  await staff.getByRole('combobox', { name: 'Applies to' }).selectOption({ label: 'A product' });
  await staff.getByRole('textbox', { name: 'Product model number or slug' }).fill(product.model_number);
  await staff.getByRole('textbox', { name: 'Percent off' }).fill('3');
  await staff.getByRole('button', { name: 'Add price' }).click();
  await expect(staff.getByText('Price saved', { exact: true })).toBeVisible();
  await expect(staff.getByText('3.00% off')).toBeVisible();
  await shoot(staff, testInfo, 'staff-organisation');

  // The buyer's Billing tab shows the terms, the credit and the account manager.
  await buyer.goto('/profile/settings?tab=billing');
  await expect(buyer.getByRole('heading', { name: 'Payment terms and credit' })).toBeVisible();
  await expect(buyer.getByText('Net 30')).toBeVisible();
  await expect(buyer.getByText('$50,000.00').first()).toBeVisible();
  await expect(buyer.getByRole('heading', { name: 'Your account manager' })).toBeVisible();
  await expect(buyer.getByText('staff@sialkotsurgical.example')).toBeVisible();
  await shoot(buyer, testInfo, 'billing');

  // On the product page: the organisation's own price against the list price, and the volume tiers.
  await buyer.goto(`/products/${product.slug}`);
  await expect(buyer.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(buyer.getByText(usd(ownPrice)).first()).toBeVisible();
  await expect(buyer.getByText(usd(listPrice)).first()).toBeVisible();
  const tiers = buyer.getByRole('table', { name: 'Volume pricing' });
  await expect(tiers.getByRole('row', { name: new RegExp(`${tenUp.min_quantity}–${fiftyUp.min_quantity - 1} units`) }))
    .toContainText(usd(Math.min(Number(tenUp.unit_price), ownPrice)));
  await expect(tiers.getByRole('row', { name: new RegExp(`${fiftyUp.min_quantity}\\+ units`) })).toContainText(usd(Number(fiftyUp.unit_price)));
  await shoot(buyer, testInfo, 'product-tiers');

  // Ten units reach the first tier, cheaper than the 3% price list; checkout by invoice on Net 30.
  await buyer.getByRole('spinbutton', { name: 'Quantity' }).fill('10');
  await buyer.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect.poll(async () => (await (await request.get('/api/cart/', { headers: bearer(session) })).json()).item_count).toBe(10);
  const cart = await (await request.get('/api/cart/', { headers: bearer(session) })).json();
  expect(cart.items[0].unit_price).toBe(tenUp.unit_price);
  await buyer.goto('/checkout');
  await buyer.getByRole('textbox', { name: 'Address' }).fill('1 Jail Road');
  await buyer.getByRole('textbox', { name: 'City' }).fill('Lahore');
  await buyer.getByRole('textbox', { name: 'Postal code' }).fill('54000');
  await buyer.getByRole('button', { name: 'Continue to Payment' }).click();
  await buyer.getByRole('radio', { name: /Pay by invoice/ }).check();
  await buyer.getByRole('button', { name: /^Continue/ }).click();
  await buyer.getByRole('button', { name: 'Review Payment' }).click();
  await shoot(buyer, testInfo, 'checkout-invoice');
  await buyer.getByRole('button', { name: /^Pay / }).click();
  await buyer.waitForURL(/\/payment\/result/);

  // The order: confirmed awaiting payment at the tier price, due 30 days after it was placed; the payment's result is
  // its confirmation, with the order number, the due date and the invoice.
  const order = (await (await request.get('/api/orders/', { headers: bearer(session) })).json()).orders[0];
  const due = new Date(Date.parse(order.createdAt) + 30 * 86_400_000).toISOString().slice(0, 10);
  await expect(buyer.getByRole('heading', { name: 'Order Placed on Payment Terms' })).toBeVisible();
  await expect(buyer.getByText(order.orderNumber)).toBeVisible();
  await expect(buyer.locator(`time[datetime="${due}"]`)).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Download Invoice' })).toBeVisible();
  await shoot(buyer, testInfo, 'invoice-confirmation');
  expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'awaiting_payment', paymentMethod: 'invoice', invoiceTerms: { terms: 'net30', dueDate: due } });
  expect(order.items).toMatchObject([{ name: product.name, quantity: 10, price: Number(tenUp.unit_price) }]);
  await buyer.goto('/orders');
  await buyer.getByRole('button', { name: 'View Details' }).first().click();
  await expect(buyer.getByText(/^Payment due:/)).toBeVisible();
  await expect(buyer.locator(`time[datetime="${due}"]`)).toBeVisible();
  await shoot(buyer, testInfo, 'order-due-date');
  // The invoice's text (due date, terms, tier price) is checked by the API tests.
  const pdf = await request.get(`/api/orders/${order.id}/invoice.pdf`, { headers: bearer(session) });
  expect(pdf.ok(), await pdf.text()).toBe(true);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
