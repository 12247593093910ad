import type { Page, TestInfo } from '@playwright/test';
import type { Order } from '#contracts/orders';
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/cart.ts';
import { fillTestCard } from './support/checkout.ts';
import { bearer, registerAccount, shoot, signedInPage } from './support/session.ts';

const widthOf = (testInfo: TestInfo) => (testInfo.project.name === 'mobile' ? 390 : 1280);

/** A buyer with the cheapest roomy product in the cart, on a page at the project's width. */
async function buyerWithCart(browser: Parameters<typeof signedInPage>[0], request: Parameters<typeof addToCart>[0], baseURL: string, testInfo: TestInfo) {
  const { session } = await registerAccount(request, testInfo, 'individual');
  const { results } = (await (await request.get('/api/products/?in_stock=true&ordering=price&page_size=20')).json()) as {
    results: { id: number; slug: string; stock_quantity: number }[];
  };
  expect((await addToCart(request, bearer(session), results.find((product) => product.stock_quantity >= 5)!)).ok()).toBe(true);
  const page = await signedInPage(browser, baseURL, session, { width: widthOf(testInfo), height: 900 });
  return { session, page };
}

async function fillAddress(page: Page, address: { street: string; city: string; postalCode: string; country: string }) {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByRole('combobox', { name: /^Country/ }).selectOption(address.country);
  await page.getByRole('textbox', { name: /^Address/ }).fill(address.street);
  await page.getByRole('textbox', { name: /^City/ }).fill(address.city);
  await page.getByRole('textbox', { name: /^Postal code/ }).fill(address.postalCode);
}

test('a surgeon in Berlin is offered DHL Express at its weight price, zero-rated, and the order keeps Germany and the method', async ({
  browser, request, baseURL,
}, testInfo) => {
  const { session, page } = await buyerWithCart(browser, request, baseURL!, testInfo);
  await fillAddress(page, { street: 'Charitéplatz 1', city: 'Berlin', postalCode: '10117', country: 'DE' });
  const options = page.getByRole('group', { name: 'Shipping method' });
  await expect(options.getByRole('radio')).toHaveCount(1);
  await expect(options.getByRole('radio', { name: /DHL Express Worldwide/ })).toBeChecked();
  await expect(options).toContainText(/DHL Express · 3–5 business days/);
  const summary = page.getByRole('heading', { name: 'Order Summary' }).locator('..');
  await expect(summary.getByText('$0.00')).toBeVisible();
  await shoot(page, testInfo, `checkout-berlin-${widthOf(testInfo)}`);

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Ships by DHL Express Worldwide')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cash on delivery/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await fillTestCard(page, 'Lena Vogel');
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await page.getByRole('button', { name: /^Pay PKR/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const [order] = ((await (await request.get('/api/orders/', { headers: bearer(session) })).json()) as { orders: Order[] }).orders;
  expect(order).toMatchObject({ shippingMethod: 'DHL Express Worldwide', shippingAddress: { country: 'DE' }, breakdown: { tax: '0.00' } });
  expect(Number(order.breakdown.shipping)).toBeGreaterThan(0);
});

test('a doctor in Lahore pays cash on delivery with TCS, the courier\'s fee added, and the order is confirmed awaiting payment', async ({
  browser, request, baseURL,
}, testInfo) => {
  const { session, page } = await buyerWithCart(browser, request, baseURL!, testInfo);
  await fillAddress(page, { street: '12 Jail Road', city: 'Lahore', postalCode: '54000', country: 'PK' });
  const options = page.getByRole('group', { name: 'Shipping method' });
  // The methods are asked for again as the address settles: the choice is made once they stand still.
  await expect(async () => {
    await options.getByRole('radio', { name: /TCS Overnight/ }).check();
    await expect(options.getByRole('radio', { name: /TCS Overnight/ })).toBeChecked();
  }).toPass();
  await shoot(page, testInfo, `checkout-lahore-${widthOf(testInfo)}`);

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Ships by TCS Overnight')).toBeVisible();
  await expect(page.getByText('Cash on delivery available: the courier\'s fee is $1.50')).toBeVisible();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await expect(page.getByText('Cash on delivery fee')).toBeVisible();
  await shoot(page, testInfo, `checkout-cod-${widthOf(testInfo)}`);
  await page.getByRole('button', { name: /^Pay PKR/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed: Pay on Delivery' })).toBeVisible();

  const [order] = ((await (await request.get('/api/orders/', { headers: bearer(session) })).json()) as { orders: Order[] }).orders;
  expect(order).toMatchObject({
    status: 'confirmed', paymentStatus: 'awaiting_payment', paymentMethod: 'cash_on_delivery', shippingMethod: 'TCS Overnight',
    breakdown: { fee: '1.50' },
  });
  await page.goto(`/orders?lang=ar`);
  await expect(page.getByText('رسوم الدفع عند الاستلام')).toBeVisible();
  await shoot(page, testInfo, `orders-cod-ar-${widthOf(testInfo)}`);
});
