import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bearer, catalogueSession, registerAccount, shoot, signIn } from './support/session.ts';
import { fillTestCard } from './support/checkout.ts';

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
  await fillTestCard(page, 'Sana Malik');
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

interface Candidate {
  id: number;
  slug: string;
  name: string;
  licence_required: boolean;
  flash_sale: unknown;
  variants: { id: number; price: string; available_stock: number; price_tiers: { min_quantity: number }[] }[];
}

/**
 * A demo product anyone may buy, on no sale, with a variant whose volume tiers start at 10 units and stock for them:
 * the last such in name order, so that journeys which take the first products meet no sale of this one.
 */
async function productWithTiers(request: APIRequestContext): Promise<{ product: Candidate; variant: Candidate['variants'][number] }> {
  for (let page = 5; page >= 1; page--) {
    const res = await request.get(`/api/products/?page_size=100&ordering=name&page=${page}`);
    if (!res.ok()) continue;
    const { results } = (await res.json()) as { results: { slug: string }[] };
    for (const { slug } of results.reverse()) {
      const product = (await (await request.get(`/api/products/${slug}/`)).json()) as Candidate;
      const variant = product.variants.find((v) => v.price_tiers[0]?.min_quantity === 10 && v.available_stock >= 20);
      if (variant && !product.licence_required && !product.flash_sale) return { product, variant };
    }
  }
  throw new Error('no demo product with tiers from 10 units');
}

test('a sale allocation smaller than the quantity is shown before adding and on the cart line, as it is charged', async ({ page, request }, testInfo) => {
  const staff = await catalogueSession(request, testInfo);
  const { product, variant } = await productWithTiers(request);
  const salePrice = (Math.floor(Number(variant.price) * 60) / 100).toFixed(2);
  const created = await request.post('/api/staff/flash-sales/', {
    headers: bearer(staff),
    data: {
      productId: product.id, variantId: variant.id, salePrice, units: 9,
      startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const saleId = ((await created.json()) as { id: number }).id;

  const { session } = await registerAccount(request, testInfo, 'individual', { verify: true });
  await signIn(page, session);
  // What the server charges 10 units: 9 at the sale price, the rest at the tier of 10.
  const quote = (await (await request.get(`/api/pricing/line-price/?product_id=${product.id}&variant_id=${variant.id}&quantity=10`)).json()) as {
    total_price: string; unit_price: string; sale_quantity: number; sale_price: string;
  };
  expect(quote).toMatchObject({ sale_quantity: 9, sale_price: salePrice });
  const split = `9 at ${usd(Number(salePrice))}, the rest at ${usd(Number(quote.unit_price))}`;

  await page.goto(`/products/${product.slug}?variant=${variant.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const table = page.getByRole('table', { name: 'Volume pricing' });
  await expect(table.getByRole('row', { name: /^10–\d+ units/ })).toContainText(split);
  await table.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'sale-split-table', { fullPage: false });
  await page.getByRole('spinbutton', { name: 'Quantity' }).first().fill('10');
  const preview = page.getByTestId('line-price-preview');
  await expect(preview).toHaveText(`10 for ${usd(Number(quote.total_price))} · ${split}`);
  await preview.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'sale-split-product', { fullPage: false });
  await page.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).first().click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  await page.goto('/cart');
  const line = page.getByRole('article').filter({ hasText: product.name });
  await expect(line.getByTestId('line-price')).toContainText(split);
  await expect(line).toContainText(usd(Number(quote.total_price)));
  await shoot(page, testInfo, 'sale-split-cart');

  // A signed-in buyer's pages follow the language of their profile.
  const speak = async (language: 'ar' | 'ur') => expect((await request.put('/api/auth/profile/', {
    headers: bearer(session), data: { preferences: { language } },
  })).status()).toBe(200);
  await speak('ar');
  await page.goto('/cart');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('line-price')).toContainText('والباقي بسعر');
  await shoot(page, testInfo, 'sale-split-cart-ar');
  await speak('ur');
  await page.goto(`/products/${product.slug}?variant=${variant.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await page.getByRole('spinbutton').first().fill('10');
  await expect(page.getByTestId('line-price-preview')).toContainText('باقی');
  await expect(page.getByRole('table').getByRole('row').nth(2)).toContainText('باقی');
  await shoot(page, testInfo, 'sale-split-product-ur', { fullPage: false });

  // Ended, so no later journey meets this sale.
  expect((await request.post(`/api/staff/flash-sales/${saleId}/end/`, { headers: bearer(staff) })).status()).toBe(200);
});
