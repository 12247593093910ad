import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/cart.ts';

const PASSWORD = 'Lancet-Hinge-58';

interface Session {
  token: string;
  refreshToken: string;
}

/** A fresh buyer with one card-paid order, all through the API. */
async function buyerWithOrder(request: APIRequestContext, testInfo: TestInfo) {
  const email = `e2e-chat-${testInfo.project.name}-${Date.now()}@example.com`;
  const registered = await request.post('/api/auth/register/', {
    data: {
      email, first_name: 'Test', last_name: 'Buyer', password: PASSWORD, password_confirm: PASSWORD,
      account_type: 'individual', profile: { phone: '+92 300 1234567', specialty: 'general' },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const session = (await registered.json()) as Session;
  const headers = { Authorization: `Bearer ${session.token}` };
  const { results } = (await (await request.get('/api/products/?in_stock=true&ordering=price&page_size=40')).json()) as {
    results: { id: number; slug: string; stock_quantity: number }[];
  };
  const product = results.find((p) => p.stock_quantity >= 5)!;
  expect((await addToCart(request, headers, product)).ok()).toBe(true);
  const cart = (await (await request.get('/api/cart/', { headers })).json()) as { grand_total: string };
  const paid = await request.post('/api/payment/process', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      paymentMethod: 'credit_card',
      currency: 'USD',
      amount: Number(cart.grand_total),
      paymentData: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', cardName: 'Test Buyer' },
      orderDetails: {
        shippingAddress: {
          email, firstName: 'Test', lastName: 'Buyer', address: '1 Hospital Road', city: 'Lahore',
          postalCode: '54000', phone: '03001234567',
        },
        orderType: 'individual',
      },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { session, orderNumber: ((await paid.json()) as { orderNumber: string }).orderNumber };
}

async function signIn(page: Page, session: Session) {
  await page.addInitScript(([token, refreshToken]) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    }
  }, [session.token, session.refreshToken]);
}

test('a signed-in buyer asks the chat where their last order is and sees its real status', async ({ page, request }, testInfo) => {
  const { session, orderNumber } = await buyerWithOrder(request, testInfo);
  await signIn(page, session);
  await page.goto('/');

  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat assistant' });
  await expect(panel.getByRole('group', { name: 'Quick actions' })).toBeVisible();
  const input = panel.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('chat-open.png') });

  await input.fill('where is my last order');
  await input.press('Enter');
  await expect(panel.getByRole('status', { name: 'Assistant is typing' })).toBeVisible();
  const card = panel.getByRole('link', { name: new RegExp(orderNumber) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Confirmed');
  await expect(card).toHaveAttribute('href', '/orders');
  await expect(panel.getByRole('log')).toContainText(`Your order ${orderNumber} is confirmed`);
  await expect(panel.getByRole('group', { name: 'Quick actions' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('chat-order.png') });

  await input.fill('How much are Metzenbaum scissors?');
  await input.press('Enter');
  await expect(panel.getByRole('link', { name: /Metzenbaum/ }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('chat-products.png') });

  await page.keyboard.press('Escape');
  await expect(panel.getByRole('button', { name: 'Restore chat' })).toBeFocused();
  await panel.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.getByRole('button', { name: 'Open chat assistant' })).toBeFocused();
});

test('the open chat panel fits a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat assistant' });
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeFocused();
  const box = (await panel.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await panel.getByRole('button', { name: 'Shipping & returns' }).click();
  await expect(panel.getByRole('log')).toContainText('30 days');
  await page.screenshot({ path: testInfo.outputPath('chat-phone.png') });
});
