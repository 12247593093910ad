import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerAccount, shoot, signIn } from './support/session.ts';

interface FlashSale {
  variantId: number;
  slug: string;
  name: string;
  salePrice: number;
  originalPrice: number;
  availableStock: number;
  soldCount: number;
}

const usd = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A running demo sale this buyer may buy (no licence needed), a different one per project so both widths can run at once. */
async function buyableSale(request: APIRequestContext, token: string, testInfo: TestInfo): Promise<FlashSale> {
  const { items } = (await (await request.get('/api/flash-sales/')).json()) as { items: FlashSale[] };
  const buyable: FlashSale[] = [];
  for (const item of items.filter((sale) => sale.availableStock >= 2)) {
    const product = await (await request.get(`/api/products/${item.slug}/`, { headers: { Authorization: `Bearer ${token}` } })).json();
    if (!product.licence_required) buyable.push(item);
  }
  expect(buyable.length).toBeGreaterThanOrEqual(2);
  return buyable[testInfo.project.name === 'mobile' ? 1 : 0]!;
}

test('a buyer sees a flash-sale price on the home page and the product page, and pays exactly it', async ({ page, request }, testInfo) => {
  const { session } = await registerAccount(request, testInfo, 'business', { verify: false });
  await signIn(page, session);
  const { token } = session;
  const sale = await buyableSale(request, token, testInfo);
  const price = usd(sale.salePrice);

  await page.goto('/');
  const card = page.getByRole('article', { name: sale.name });
  await expect(card).toContainText(`Sale price ${price}`);
  await expect(card).toContainText(`Was ${usd(sale.originalPrice)}`);
  await expect(card).toContainText(`${sale.soldCount.toLocaleString('en-US')} sold · ${sale.availableStock.toLocaleString('en-US')} left`);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'home-flash-sale', { fullPage: false });
  await card.getByRole('link', { name: 'Grab Deal Now' }).click();

  // The deal opens the product on the size that is on sale.
  await expect(page).toHaveURL(new RegExp(`/products/${sale.slug}\\?variant=${sale.variantId}$`));
  await expect(page.getByRole('heading', { level: 1, name: sale.name })).toBeVisible();
  await expect(page.getByText('Flash sale price')).toBeVisible();
  await page.getByRole('button', { name: `Add to Cart: ${sale.name}`, exact: true }).first().click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  await page.goto('/cart');
  const line = page.getByRole('article').filter({ hasText: sale.name });
  await expect(line.getByText(`${price} each`)).toBeVisible();

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('textbox', { name: /^Address/ }).fill('Jail Road');
  await page.getByRole('textbox', { name: /^City/ }).fill('Lahore');
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('54000');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /Credit or debit card/ }).check();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await page.getByRole('textbox', { name: /^Card number/ }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: /^Expiry/ }).fill('12/35');
  await page.getByLabel(/^CVV/).fill('123');
  await page.getByRole('textbox', { name: /^Name on card/ }).fill('Sana Malik');
  await page.getByRole('button', { name: 'Review Payment' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const transactionId = new URL(page.url()).searchParams.get('transaction_id')!;
  const payment = await (await request.get(`/api/payment/verify/${transactionId}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(payment.orderDetails.items).toEqual([expect.objectContaining({ name: sale.name, quantity: 1, price: sale.salePrice })]);

  await page.goto('/orders');
  const orderCard = page.getByRole('article', { name: `Order ${payment.orderNumber}` });
  await orderCard.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { name: payment.orderNumber, level: 2 })).toBeVisible();
  await expect(page.getByText(new RegExp(`1 × ${price.replace(/[$.]/g, '\\$&')} each$`))).toBeVisible();
  await shoot(page, testInfo, 'order-details');
});
