import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { shoot, signedInPage, type Session } from './support/session.ts';
import { paidOrder } from './support/paid-order.ts';

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
  // Handed to a courier by hand: its name and the tracking number it gave.
  await row.getByRole('combobox', { name: 'Carrier' }).selectOption('Other');
  await row.getByRole('textbox', { name: 'Carrier name' }).fill('TCS');
  await row.getByRole('textbox', { name: 'Tracking number' }).fill(trackingNumber);
  await row.getByRole('button', { name: 'Ship' }).click();
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(row.getByText(trackingNumber)).toBeVisible();
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
