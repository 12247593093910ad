import type { APIRequestContext, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { registerAccount, shoot, signedInPage, type Session } from './support/session.ts';
import { addToCart } from './support/cart.ts';

/** A fresh buyer who pays by card for the cheapest roomy product, all through the API. */
async function paidOrder(request: APIRequestContext, testInfo: TestInfo) {
  const { session } = await registerAccount(request, testInfo, 'individual', { verify: false });
  const headers = { Authorization: `Bearer ${session.token}` };
  const { results } = (await (await request.get('/api/products/?in_stock=true&ordering=price&page_size=40')).json()) as {
    results: { id: number; slug: string; stock_quantity: number }[];
  };
  const product = results.find((p) => p.stock_quantity >= 5)!;
  expect((await addToCart(request, headers, product)).ok()).toBe(true);
  const cart = (await (await request.get('/api/cart/', { headers })).json()) as { grand_total: string };
  const paid = await request.post('/api/payment/process', {
    headers: { ...headers, 'Idempotency-Key': `e2e-orders-${Date.now()}` },
    data: {
      paymentMethod: 'credit_card',
      amount: Number(cart.grand_total),
      currency: 'USD',
      paymentData: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', cardName: 'Sana Malik' },
      orderDetails: {
        items: [],
        shippingAddress: {
          email: 'sana.malik@example.com', firstName: 'Sana', lastName: 'Malik', address: '12 Hospital Road',
          city: 'Lahore', postalCode: '54000', phone: '+92 300 1234567',
        },
        orderType: 'individual',
      },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const { orderNumber } = (await paid.json()) as { orderNumber: string };
  return { session, orderNumber };
}

test('staff ship a paid order; the buyer finds it by tracking number, sees the timeline and downloads the invoice', async ({
  browser, request, baseURL,
}, testInfo) => {
  const { session, orderNumber } = await paidOrder(request, testInfo);
  const trackingNumber = `TCS-${Date.now()}`;

  const login = await request.post('/api/auth/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const staff = await signedInPage(browser, baseURL!, (await login.json()) as Session);
  await staff.goto('/');
  await staff.getByRole('button', { name: /Account menu/ }).click();
  await staff.getByRole('menuitem', { name: 'Manage Orders' }).click();
  await expect(staff.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const row = staff.getByRole('article', { name: `Order ${orderNumber}` });
  // The checkout confirmed the paid order already; staff take it from there.
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Start Processing' }).click();
  await expect(row.getByText('Processing', { exact: true })).toBeVisible();
  await row.getByRole('textbox', { name: `Carrier for ${orderNumber}` }).fill('TCS');
  await row.getByRole('textbox', { name: `Tracking number for ${orderNumber}` }).fill(trackingNumber);
  await row.getByRole('button', { name: 'Ship' }).click();
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(row.getByText(`TCS · ${trackingNumber}`)).toBeVisible();
  await shoot(staff, testInfo, 'staff-orders-1280');
  await staff.setViewportSize({ width: 390, height: 844 });
  await shoot(staff, testInfo, 'staff-orders-390');

  const buyer = await signedInPage(browser, baseURL!, session);
  await buyer.goto('/orders');
  await expect(buyer.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  await expect(buyer.getByText('1 orders found')).toBeVisible();
  await expect(buyer.getByRole('tab', { name: 'Order Details' })).toBeDisabled();
  await shoot(buyer, testInfo, 'orders-1280');

  await buyer.getByRole('button', { name: 'Track Order' }).click();
  await expect(buyer.getByText('Please enter an order number')).toBeVisible();
  await buyer.getByLabel('Quick Order Lookup').fill(trackingNumber);
  await buyer.getByLabel('Quick Order Lookup').press('Enter');
  await expect(buyer.getByText('Order found')).toBeVisible();
  await expect(buyer.getByRole('tab', { name: 'Order Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(buyer.getByRole('heading', { name: orderNumber })).toBeVisible();
  const timeline = buyer.getByRole('list', { name: 'Tracking timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(4);
  await expect(timeline.first()).toContainText('Shipped');
  await expect(timeline.first()).toContainText(trackingNumber);
  await expect(timeline.last()).toContainText('Order placed');
  await shoot(buyer, testInfo, 'order-details-1280');

  const download = buyer.waitForEvent('download');
  await buyer.getByRole('button', { name: 'Invoice' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  await buyer.setViewportSize({ width: 390, height: 844 });
  await shoot(buyer, testInfo, 'order-details-390');
  await buyer.getByRole('tab', { name: 'My Orders' }).click();
  await expect(buyer.getByRole('article', { name: `Order ${orderNumber}` }).getByText('80%')).toBeVisible();
  await shoot(buyer, testInfo, 'orders-390');
});
