import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fillTestCard } from './support/checkout.ts';

const PASSWORD = 'Retractor-Lumen-47';

interface Session {
  token: string;
  refreshToken: string;
}

interface Product {
  id: number;
  slug: string;
  name: string;
  stock_quantity: number;
}

/** A fresh business account, signed in through the API; the page starts with its tokens stored. */
async function signIn(page: Page, request: APIRequestContext, testInfo: TestInfo): Promise<Session> {
  const response = await request.post('/api/auth/register/', {
    data: {
      email: `e2e-checkout-${testInfo.project.name}-${Date.now()}@example.com`,
      first_name: 'Sana',
      last_name: 'Malik',
      password: PASSWORD,
      password_confirm: PASSWORD,
      account_type: 'business',
      profile: { phone: '+92 300 1234567', hospital_name: 'Mayo Hospital Lahore', license_number: 'PMC-12345' },
    },
  });
  expect(response.status()).toBe(201);
  const { token, refreshToken } = (await response.json()) as Session;
  await page.addInitScript(([access, refresh]) => {
    localStorage.setItem('token', access);
    localStorage.setItem('refreshToken', refresh);
  }, [token, refreshToken]);
  return { token, refreshToken };
}

/** In-stock products with room for a few units, cheapest first so a journey stays under any promo minimum. */
async function inStockProducts(request: APIRequestContext, count: number): Promise<Product[]> {
  const response = await request.get('/api/products/?in_stock=true&ordering=price&page_size=40');
  const { results } = (await response.json()) as { results: Product[] };
  const roomy = results.filter((product) => product.stock_quantity >= 5);
  expect(roomy.length).toBeGreaterThanOrEqual(count);
  return roomy.slice(0, count);
}

async function stockOf(request: APIRequestContext, slug: string): Promise<number> {
  const response = await request.get(`/api/products/${slug}/`);
  return ((await response.json()) as Product).stock_quantity;
}

async function addFromProductPage(page: Page, product: Product) {
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // Related products come after the product's own button and may share its name.
  await page.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).first().click();
  await expect(page.getByText('Added to cart')).toBeVisible();
}

async function fillShipping(page: Page) {
  await page.getByRole('textbox', { name: /^Address/ }).fill('Jail Road');
  await page.getByRole('textbox', { name: /^City/ }).fill('Lahore');
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('54000');
}

test('a hospital buyer fills the cart, applies a promo code and pays by card', async ({ page, request }, testInfo) => {
  const session = await signIn(page, request, testInfo);
  const [first] = await inStockProducts(request, 1);

  await addFromProductPage(page, first!);

  await page.goto('/products');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /Add to Cart/ }) })
    .filter({ hasNotText: first!.name })
    .first();
  const secondName = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart (2 items)');
  await expect(page.getByText(/^Add \$[\d,.]+ more for FREE shipping$/)).toBeVisible();
  const firstLine = page.getByRole('article').filter({ hasText: first!.name });
  await expect(firstLine.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await firstLine.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByText('Cart updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart (3 items)');
  await expect(firstLine.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');

  await page.getByLabel('Promo code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount (WELCOME10)')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cart.png'), fullPage: true });

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: /Hospital/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /^Company or hospital/ })).toHaveValue('Mayo Hospital Lahore');
  await expect(page.getByRole('textbox', { name: /^Phone/ })).toHaveValue('+92 300 1234567');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await fillShipping(page);
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('5');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Enter a valid postal code, such as 54000.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('54000');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByText('Hospital order')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Continue/ })).toBeDisabled();
  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await fillTestCard(page, 'Sana Malik');
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await expect(page.getByText('Card processing fee (2.5%)')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('checkout-confirmation.png'), fullPage: true });
  await page.getByRole('button', { name: /^Pay PKR/ }).click();

  await expect(page.getByText('Payment successful!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/result\?transaction_id=[^&]+&status=success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(secondName)).toBeVisible();
  await expect(page.getByText(first!.name)).toBeVisible();
  await expect(page.getByText(/^2 × \$[\d,]+\.\d\d each$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/orders');
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payment-result.png'), fullPage: true });

  const transactionId = new URL(page.url()).searchParams.get('transaction_id')!;
  const verified = await request.get(`/api/payment/verify/${transactionId}`, { headers: { Authorization: `Bearer ${session.token}` } });
  expect(verified.status()).toBe(200);
  const payment = await verified.json();
  expect(payment).toMatchObject({ success: true, status: 'succeeded', paymentMethod: 'credit_card', currency: 'PKR' });
  await expect(page.getByText(payment.orderNumber)).toBeVisible();
  expect(payment.orderDetails.items).toHaveLength(2);
  await expectBreakdown(page.getByLabel('Payment summary'), payment);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Invoice' }).click();
  expect((await download).suggestedFilename()).toBe(`invoice-${payment.orderNumber}.pdf`);

  await page.getByRole('link', { name: 'Track Order' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  const orderCard = page.getByRole('article', { name: `Order ${payment.orderNumber}` });
  await expect(orderCard.getByText('Discount (WELCOME10)')).toBeVisible();
  await orderCard.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { name: payment.orderNumber, level: 2 })).toBeVisible();
  await expect(page.getByText(/2 × \$[\d,]+\.\d\d each$/)).toBeVisible();
  await expectBreakdown(page.getByRole('tabpanel').getByLabel('Payment summary'), payment);
  await page.screenshot({ path: testInfo.outputPath('order-details.png'), fullPage: true });
});

/** Every line of the order's money, as the server recorded it, with the rupees charged and their rate. */
async function expectBreakdown(summary: Locator, payment: { breakdown: Record<string, string>; amountCharged: string; exchangeRate: string }) {
  const usd = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const { breakdown } = payment;
  await expect(summary.getByRole('term')).toHaveText([
    'Subtotal', 'Discount (WELCOME10)', 'Shipping', 'Tax', 'Card processing fee', 'Total (USD)', 'Amount charged (PKR)',
  ]);
  await expect(summary.getByRole('definition')).toHaveText([
    usd(breakdown.subtotal!), `-${usd(breakdown.discount!)}`, Number(breakdown.shipping) ? usd(breakdown.shipping!) : 'Free',
    usd(breakdown.tax!), usd(breakdown.fee!), usd(breakdown.total!),
    `PKR ${Number(payment.amountCharged).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  ]);
  await expect(summary.locator('..').getByText(`At ${payment.exchangeRate} PKR per USD`)).toBeVisible();
}

test('a declined wallet payment stays on checkout and leaves the stock as it was', async ({ page, request, pageErrors }, testInfo) => {
  await signIn(page, request, testInfo);
  const [product] = await inStockProducts(request, 1);

  await addFromProductPage(page, product!);
  const stockBefore = await stockOf(request, product!.slug);

  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /JazzCash/ }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await page.getByRole('textbox', { name: /^Mobile number/ }).fill('03001234567');
  await page.getByRole('textbox', { name: /^Last 6 digits of your CNIC/ }).fill('345678');
  await page.getByLabel(/^PIN/).fill('0000');
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await page.getByRole('button', { name: /^Pay PKR/ }).click();

  const refusal = page.getByRole('alert').filter({ hasText: 'Payment failed' });
  await expect(refusal).toContainText('The payment was declined: there is not enough money in the account. Nothing was charged.');
  await expect(page.getByText('Low balance: insufficient funds in wallet.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('textbox', { name: /^Mobile number/ })).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('checkout-declined.png'), fullPage: true });

  expect(await stockOf(request, product!.slug)).toBe(stockBefore);
  // The browser logs the 402 answer of the declined payment; that one is expected.
  const declined = pageErrors.filter((line) => line.includes('status of 402'));
  expect(declined.length).toBeLessThanOrEqual(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((line) => !declined.includes(line)));
});

test('a declined JazzCash payment is read in Arabic on the checkout page, and the order list stays without it', async (
  { page, request, pageErrors }, testInfo,
) => {
  const { token } = await signIn(page, request, testInfo);
  const [product] = await inStockProducts(request, 1);
  await addFromProductPage(page, product!);

  // A link naming Arabic: the visit is in Arabic, whatever the new account's profile says.
  await page.goto('/checkout?lang=ar');
  await expect(page.getByRole('heading', { level: 1, name: 'إتمام الشراء' })).toBeVisible();
  await page.getByRole('radio', { name: /فردي/ }).check();
  await page.getByRole('textbox', { name: /^العنوان/ }).fill('Jail Road');
  await page.getByRole('textbox', { name: /^المدينة/ }).fill('Lahore');
  await page.getByRole('textbox', { name: /^الرمز البريدي/ }).fill('54000');
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await page.getByRole('radio', { name: /JazzCash/ }).check();
  await page.getByRole('button', { name: /^متابعة/ }).click();
  await page.getByRole('textbox', { name: /^رقم الجوال/ }).fill('03001234567');
  await page.getByRole('textbox', { name: /^آخر 6 أرقام/ }).fill('345678');
  await page.getByLabel(/^رمز PIN/).fill('0000');
  await page.getByRole('button', { name: 'مراجعة الدفع' }).click();
  await page.getByRole('button', { name: /^ادفع/ }).click();

  // The reason stays on the page, in Arabic, after any toast has gone.
  const refusal = page.getByRole('alert').filter({ hasText: 'فشل الدفع' });
  await expect(refusal).toContainText('رُفضت الدفعة: لا يوجد رصيد كافٍ في الحساب. لم يُخصم أي مبلغ.');
  await page.waitForTimeout(6_000);
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeInViewport();
  await expect(page.getByText(/insufficient funds/i)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('checkout-declined-ar.png'), fullPage: true });

  const orders = await request.get('/api/orders/', { headers: { authorization: `Bearer ${token}` } });
  expect((await orders.json()).count).toBe(0);
  const declined = pageErrors.filter((line) => line.includes('status of 402'));
  expect(declined.length).toBeLessThanOrEqual(1);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((line) => !declined.includes(line)));
});
