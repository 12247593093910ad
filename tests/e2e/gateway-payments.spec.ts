import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addToCart } from './support/cart.ts';
import { bearer, registerAccount, shoot, signIn } from './support/session.ts';

interface Product {
  id: number;
  slug: string;
  stock_quantity: number;
}

/** A new individual buyer, signed in on `page`, with one in-stock product in the cart. */
async function buyerWithCart(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const { session } = await registerAccount(request, testInfo, 'individual');
  const { results } = (await (await request.get('/api/products/?in_stock=true&ordering=price&page_size=20')).json()) as { results: Product[] };
  expect((await addToCart(request, bearer(session), results.find((product) => product.stock_quantity >= 5)!)).ok()).toBe(true);
  await signIn(page, session);
}

async function toPaymentMethod(page: Page, method: RegExp) {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByRole('textbox', { name: /^Address/ }).fill('Jail Road');
  await page.getByRole('textbox', { name: /^City/ }).fill('Lahore');
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('54000');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
}

test('a card paid on the card gateway\'s own page comes back to a placed order', async ({ page, request }, testInfo) => {
  await buyerWithCart(page, request, testInfo);
  await toPaymentMethod(page, /Credit or debit card/);
  await page.getByRole('radio', { name: 'Pay on the card provider\'s secure page' }).check();
  await expect(page.getByRole('textbox', { name: /^Card number/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await page.getByRole('button', { name: /^Pay PKR/ }).click();

  // The gateway's page: the card is typed there, never on the shop's.
  await expect(page).toHaveURL(/\/sandbox\/safepay\/checkout\/pay\?/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Sana Surgeon');
  await shoot(page, testInfo, 'safepay-page');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/result\?transaction_id=TXN-[A-Z0-9]+&status=success/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await shoot(page, testInfo, 'card-paid');
});

test('a JazzCash wallet payment approved later on the phone: the result page updates by itself', async ({ page, context, request }, testInfo) => {
  await buyerWithCart(page, request, testInfo);
  await toPaymentMethod(page, /JazzCash/);
  await page.getByRole('radio', { name: 'Approve in the JazzCash app' }).check();
  await expect(page.getByLabel(/^PIN/)).toHaveCount(0);
  await page.getByRole('textbox', { name: /^Mobile number/ }).fill('03001234567');
  await page.getByRole('textbox', { name: /^Last 6 digits of your CNIC/ }).fill('345678');
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await page.getByRole('button', { name: /^Pay PKR/ }).click();

  await expect(page).toHaveURL(/\/payment\/result\?transaction_id=TXN-[A-Z0-9]+&status=pending/);
  await expect(page.getByRole('heading', { name: 'Approve the payment in your JazzCash app' })).toBeVisible();
  await shoot(page, testInfo, 'jazzcash-waiting');
  const transactionId = new URL(page.url()).searchParams.get('transaction_id')!;

  // The buyer's phone, in the sandbox: JazzCash asks for the MPIN there.
  const phone = await context.newPage();
  await phone.goto(`/sandbox/jazzcash/wallet/${transactionId}`);
  await phone.getByLabel('MPIN').fill('1234');
  await phone.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
  await phone.close();

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  await shoot(page, testInfo, 'jazzcash-approved');
});
