import type { StaffOrderDetail } from '#contracts/staff-order-detail';
import { expect, test } from './fixtures.ts';
import { paidOrder } from './support/paid-order.ts';
import { bearer, shoot, signedInPage, staffMemberSession } from './support/session.ts';

test('a packer opens a paid order from the list, sees what to pick and where it goes, ships it and reads it on the timeline; the same page in Arabic', async ({
  browser, request, baseURL,
}, testInfo) => {
  const { orderNumber } = await paidOrder(request, testInfo, { lines: 2, quantity: 2 });
  const packer = await staffMemberSession(request, testInfo, 'fulfilment');
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  const page = await signedInPage(browser, baseURL!, packer, { width, height: 900 });
  const { lines } = (await (await request.get(`/api/staff/orders/${orderNumber}/`, { headers: bearer(packer) })).json()) as StaffOrderDetail;

  await page.goto('/staff/orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const row = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(row).toContainText('Lahore');
  await expect(row).toContainText('Pakistan');
  await shoot(page, testInfo, `staff-orders-list-${width}`);
  await expect(row).toContainText('Card · Paid');
  await row.getByRole('link', { name: orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);

  // What to pick: each line, how many, and the lot its units were reserved from.
  const pick = page.getByRole('list', { name: 'What to pick' });
  for (const line of lines) {
    await expect(pick).toContainText(line.name);
    for (const lot of line.lots) await expect(pick).toContainText(lot.lot_number ?? 'Unlabelled stock');
  }
  await expect(pick.getByText('Qty 2')).toHaveCount(2);
  // Where it goes.
  const shipTo = page.getByRole('region', { name: 'Ship to' });
  await expect(shipTo).toContainText('Sana Malik');
  await expect(shipTo).toContainText('12 Hospital Road');
  await expect(shipTo.getByRole('link', { name: '+92 300 1234567' })).toHaveAttribute('href', 'tel:+923001234567');
  await expect(shipTo.getByRole('link', { name: 'sana.malik@example.com' })).toBeVisible();
  await shoot(page, testInfo, `staff-order-detail-${width}`);

  // A note for the next person, that the buyer never reads.
  await page.getByRole('textbox', { name: 'Note' }).fill('Pack the two lines in one box.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('list', { name: 'Internal notes' })).toContainText('Pack the two lines in one box.');

  const form = page.getByRole('form', { name: `Ship lines of ${orderNumber}` });
  await form.getByRole('combobox', { name: 'Carrier' }).selectOption('Leopards');
  await form.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByRole('main').getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Tracking Timeline' })).toContainText('Order shipped with Leopards Courier');
  const slip = page.waitForResponse((response) => response.url().includes('/packing-slip.pdf'));
  await page.getByRole('button', { name: 'Packing slip' }).click();
  expect((await slip).headers()['content-type']).toBe('application/pdf');
  await shoot(page, testInfo, `staff-order-detail-shipped-${width}`);

  await page.goto(`/staff/orders/${orderNumber}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('الطلب');
  await expect(page.getByRole('list', { name: 'ما يجب تجهيزه' })).toContainText(lines[0].name);
  await expect(page.getByRole('region', { name: 'الشحن إلى' })).toContainText('12 Hospital Road');
  await expect(page.getByRole('button', { name: 'قائمة التعبئة' })).toBeVisible();
  await shoot(page, testInfo, `staff-order-detail-ar-${width}`);
});

test('before it ships, a packer lowers a line to one unit: the difference is refunded and the total follows; in Arabic the address changes', async ({
  browser, request, baseURL,
}, testInfo) => {
  const { orderNumber, session } = await paidOrder(request, testInfo, { lines: 2, quantity: 2 });
  const packer = await staffMemberSession(request, testInfo, 'fulfilment');
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  const page = await signedInPage(browser, baseURL!, packer, { width, height: 900 });
  const read = async () => (await (await request.get(`/api/staff/orders/${orderNumber}/`, { headers: bearer(packer) })).json()) as StaffOrderDetail;
  const before = await read();
  const [first] = before.lines;

  await page.goto(`/staff/orders/${orderNumber}`);
  const edits = page.getByRole('region', { name: 'Change the order' });
  const line = edits.getByRole('listitem').filter({ hasText: first!.name });
  await line.getByRole('button', { name: 'Reduce quantity' }).click();
  await line.getByRole('spinbutton', { name: /^New quantity for/ }).fill('1');
  await line.getByRole('button', { name: 'Lower to this quantity' }).click();

  await expect.poll(async () => (await read()).order.breakdown.total).not.toBe(before.order.breakdown.total);
  const after = await read();
  const [refund] = after.order.refunds;
  // A card typed on the sandbox's page is refunded by staff themselves: the refund is recorded for them to make.
  expect(refund).toMatchObject({ status: 'manual', currency: 'USD' });
  // The difference, exactly: what the buyer paid less the new total.
  expect(Number(refund!.amount)).toBeCloseTo(Number(before.order.breakdown.total) - Number(after.order.breakdown.total), 2);
  const result = edits.getByRole('status');
  await expect(result).toContainText(`Return $${refund!.amount} to the buyer yourself`);
  await expect(page.getByRole('list', { name: 'What to pick' }).getByText('Qty 1')).toHaveCount(1);
  // The ship form starts again from what is left: one unit of that line.
  await expect(page.getByRole('form', { name: `Ship lines of ${orderNumber}` }).getByRole('spinbutton').first()).toHaveValue('1');
  await expect(page.getByRole('list', { name: 'Tracking Timeline' })).toContainText('Order changed before shipping');
  await shoot(page, testInfo, `staff-order-edited-${width}`);

  // The buyer's order reads the same total and the refund.
  const mine = (await (await request.get(`/api/orders/track/${orderNumber}`, { headers: bearer(session) })).json()) as { order: StaffOrderDetail['order'] };
  expect(mine.order.breakdown.total).toBe(after.order.breakdown.total);
  expect(mine.order.refunds).toHaveLength(1);

  await page.goto(`/staff/orders/${orderNumber}?lang=ar`);
  const arabic = page.getByRole('region', { name: 'تعديل الطلب' });
  await arabic.getByRole('button', { name: 'تعديل العنوان' }).click();
  await arabic.getByRole('textbox', { name: /^العنوان/ }).fill('14 Hospital Road');
  await arabic.getByRole('button', { name: 'حفظ العنوان' }).click();
  await expect(page.getByRole('region', { name: 'الشحن إلى' }).first()).toContainText('14 Hospital Road');
  await shoot(page, testInfo, `staff-order-edited-ar-${width}`);
});
