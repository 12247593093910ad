import type { Order } from '#contracts/orders';
import { expect, test } from './fixtures.ts';
import { bearer, shoot, signedInPage, staffSession } from './support/session.ts';
import { paidOrder } from './support/paid-order.ts';

test('staff ship two of three lines with Leopards, print the label and the slip, then ship the rest; the buyer follows both parcels in English and Urdu', async ({
  browser, request, baseURL,
}, testInfo) => {
  const { session, orderNumber } = await paidOrder(request, testInfo, { lines: 3 });
  const staffLogin = await staffSession(request);
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  const staff = await signedInPage(browser, baseURL!, staffLogin, { width, height: 900 });

  await staff.goto('/staff/orders');
  await staff.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const row = staff.getByRole('article', { name: `Order ${orderNumber}` });
  const form = row.getByRole('form', { name: `Ship lines of ${orderNumber}` });
  await expect(form.getByRole('checkbox')).toHaveCount(3);
  await form.getByRole('checkbox').nth(2).uncheck();
  await form.getByRole('combobox', { name: 'Carrier' }).selectOption('Leopards');
  await shoot(staff, testInfo, `ship-form-${width}`);
  await form.getByRole('button', { name: 'Ship' }).click();
  await expect(row.getByText('Partly shipped', { exact: true })).toBeVisible();

  const label = staff.waitForResponse((response) => response.url().includes('/label.pdf'));
  await row.getByRole('button', { name: 'Print label' }).click();
  expect((await label).headers()['content-type']).toBe('application/pdf');
  const slip = staff.waitForResponse((response) => response.url().includes('/packing-slip.pdf'));
  await row.getByRole('button', { name: 'Packing slip' }).click();
  expect((await slip).headers()['content-type']).toBe('application/pdf');
  const slipFile = await request.get(new URL((await slip).url()).pathname, { headers: bearer(staffLogin) });
  expect((await slipFile.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await expect(form.getByRole('checkbox')).toHaveCount(1);
  await form.getByRole('combobox', { name: 'Carrier' }).selectOption('Leopards');
  await form.getByRole('button', { name: 'Ship' }).click();
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Print label' })).toHaveCount(2);
  await shoot(staff, testInfo, `shipments-staff-${width}`);

  // The couriers pick both parcels up; staff read the tracking now, as the tracking job does.
  const listed = await request.get(`/api/staff/orders/?search=${orderNumber}`, { headers: bearer(staffLogin) });
  const [order] = ((await listed.json()) as { orders: Order[] }).orders;
  for (const shipment of order.shipments) {
    expect((await request.post(`/sandbox/leopards/consignments/${shipment.trackingNumber}/advance`)).ok()).toBe(true);
  }
  for (const button of await row.getByRole('button', { name: 'Refresh tracking' }).all()) await button.click();
  await expect(row.getByText('In transit')).toHaveCount(2);

  const buyer = await signedInPage(browser, baseURL!, session, { width, height: 900 });
  await buyer.goto('/orders');
  await buyer.getByLabel('Quick Order Lookup').fill(orderNumber);
  await buyer.getByLabel('Quick Order Lookup').press('Enter');
  await expect(buyer.getByRole('heading', { name: orderNumber })).toBeVisible();
  const parcels = buyer.getByRole('article', { name: /^Shipment / });
  await expect(parcels).toHaveCount(2);
  await expect(parcels.first()).toContainText('Leopards Courier');
  await expect(parcels.first()).toContainText(order.shipments[0].trackingNumber);
  await expect(parcels.first().getByRole('link', { name: order.shipments[0].trackingNumber })).toHaveAttribute('href', /leopardscourier/);
  await expect(parcels.first()).toContainText(`Parcel ${order.shipments[0].number} picked up by the carrier`);
  await expect(parcels.last()).toContainText(`Parcel ${order.shipments[1].number} picked up by the carrier`);
  await shoot(buyer, testInfo, `shipments-buyer-${width}`);

  await buyer.goto('/orders?lang=ur');
  await buyer.getByRole('textbox').first().fill(orderNumber);
  await buyer.getByRole('textbox').first().press('Enter');
  const urdu = buyer.getByRole('article', { name: /^شپمنٹ / });
  await expect(urdu).toHaveCount(2);
  await expect(urdu.first()).toContainText('کیریئر نے پارسل');
  await expect(urdu.first()).toContainText('راستے میں');
  await shoot(buyer, testInfo, `shipments-buyer-ur-${width}`);

  // Staff read the same order's parcels in Arabic.
  await staff.goto('/staff/orders?lang=ar');
  await staff.getByRole('searchbox').fill(orderNumber);
  await expect(staff.getByRole('button', { name: 'طباعة الملصق' })).toHaveCount(2);
  await shoot(staff, testInfo, `shipments-staff-ar-${width}`);
});
