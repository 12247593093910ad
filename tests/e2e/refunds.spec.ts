import { expect, test } from './fixtures.ts';
import { shoot, signedInPage, staffSession } from './support/session.ts';
import { paidOrder } from './support/paid-order.ts';

test('staff refund part of a paid order by transfer, in English and in Urdu; the buyer sees both refunds', async ({
  browser, request, baseURL,
}, testInfo) => {
  const { session, orderNumber } = await paidOrder(request, testInfo);
  const staff = await signedInPage(browser, baseURL!, await staffSession(request));
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;

  await staff.goto('/staff/orders');
  await expect(staff.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const row = staff.getByRole('article', { name: `Order ${orderNumber}` });
  await row.getByRole('button', { name: 'Refund' }).click();
  const form = row.getByRole('form', { name: `Refund for ${orderNumber}` });
  await expect(form.getByText(/^Left to refund: \$\d/)).toBeVisible();
  await form.getByRole('textbox', { name: /Amount \(USD\)/ }).fill('10.00');
  await form.getByRole('textbox', { name: /Reason/ }).fill('One instrument arrived scratched');
  await form.getByRole('button', { name: 'Refund' }).click();
  // No gateway refunds by itself yet: staff return the money by transfer and record its reference.
  const reference = form.getByRole('textbox', { name: /Transfer reference/ });
  await expect(reference).toBeVisible();
  await expect(form.getByText(/cannot be refunded through its gateway/)).toBeVisible();
  await reference.fill('IBFT-20261129-01');
  await form.getByRole('button', { name: 'Refund' }).click();
  await expect(staff.getByText('Refund made')).toBeVisible();
  const refunds = row.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText('$10.00 · Refunded by transfer');
  await shoot(staff, testInfo, `staff-refund-${width}`);

  await staff.goto('/staff/orders?lang=ur');
  await staff.getByRole('searchbox').fill(orderNumber);
  const urduRow = staff.getByRole('article').filter({ hasText: orderNumber });
  await urduRow.getByRole('button', { name: 'رقم واپس کریں' }).click();
  const urduForm = urduRow.getByRole('form', { name: `${orderNumber} کی رقم کی واپسی` });
  await urduForm.getByRole('textbox', { name: /رقم \(امریکی ڈالر\)/ }).fill('5.25');
  await urduForm.getByRole('textbox', { name: /وجہ/ }).fill('تاخیر سے ترسیل');
  await urduForm.getByRole('button', { name: 'رقم واپس کریں' }).click();
  await urduForm.getByRole('textbox', { name: /ٹرانسفر کا حوالہ/ }).fill('IBFT-20261129-02');
  await urduForm.getByRole('button', { name: 'رقم واپس کریں' }).click();
  await expect(urduRow.getByRole('list', { name: 'رقم کی واپسیاں' }).getByRole('listitem')).toHaveCount(2);
  await shoot(staff, testInfo, `staff-refund-ur-${width}`);

  const buyer = await signedInPage(browser, baseURL!, session);
  await buyer.goto('/orders');
  await buyer.getByLabel('Quick Order Lookup').fill(orderNumber);
  await buyer.getByLabel('Quick Order Lookup').press('Enter');
  await expect(buyer.getByRole('heading', { name: orderNumber })).toBeVisible();
  const seen = buyer.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
  await expect(seen).toHaveCount(2);
  await expect(seen.first()).toContainText('$10.00 · Refunded by transfer');
  await expect(seen.first()).toContainText('One instrument arrived scratched');
  await expect(seen.last()).toContainText('$5.25');
  await expect(buyer.getByText('Refunded (USD)').locator('..')).toContainText('$15.25');
  await shoot(buyer, testInfo, `order-refunds-${width}`);

  await buyer.goto('/orders?lang=ur');
  await buyer.getByRole('textbox').first().fill(orderNumber);
  await buyer.getByRole('textbox').first().press('Enter');
  await expect(buyer.getByRole('list', { name: 'رقم کی واپسیاں' }).getByRole('listitem')).toHaveCount(2);
  await expect(buyer.getByText('واپس کی گئی رقم (امریکی ڈالر)')).toBeVisible();
  await shoot(buyer, testInfo, `order-refunds-ur-${width}`);
});
