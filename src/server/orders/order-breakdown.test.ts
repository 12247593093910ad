import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usdCentsToPkrMinor, type MoneyBreakdown } from '#contracts/money';
import type { PaymentMethod } from '#contracts/payment';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: CommerceTestApp;
let ids: { mayo: number; kelly: number };
let keyCounter = 0;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17', SELLER_NTN: '1234567-8', SELLER_STRN: '17-00-3761-999-19' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
  ]);
  ids = { mayo: products[0].id, kelly: products[1].id };
});
afterAll(() => t.close());

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const get = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A new buyer fills the cart (and applies a code), pays its total, and gets the payment and order answers back. */
async function buy(email: string, lines: [number, number][], method: PaymentMethod, promo?: string) {
  const { headers } = await createTestUser(t.database.db, { email });
  for (const [productId, quantity] of lines) {
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity } });
  }
  if (promo) expect((await t.app.inject({ method: 'POST', url: '/api/cart/promo/', headers, payload: { code: promo } })).statusCode).toBe(200);
  const cart = await get('/api/cart/', headers);
  const amount = Number(method === 'credit_card' ? cart.grand_total : cart.grand_total_pkr);
  const paid = await t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `breakdown-${++keyCounter}` },
    payload: paymentBody(method, amount) as unknown as Record<string, unknown>,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const { transactionId, orderId, orderNumber } = paid.json();
  const verify = await get(`/api/payment/verify/${transactionId}`, headers);
  const list = (await get('/api/orders/', headers)).orders[0];
  const track = (await get(`/api/orders/track/${orderNumber}`, headers)).order;
  return { headers, cart, orderId, orderNumber, verify, list, track };
}

/** The order answer of a cancellation, which gives the promo code back: the discount stays, its code is no longer known. */
async function cancel(orderId: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel/`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

function expectSumsToTotal(breakdown: MoneyBreakdown) {
  const { subtotal, discount, shipping, tax, fee, total } = breakdown;
  expect(cents(subtotal) - cents(discount) + cents(shipping) + cents(tax) + cents(fee)).toBe(cents(total));
}

const invoiceText = async (orderId: string, headers: Record<string, string>) =>
  await pdfText((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers })).rawPayload);

describe('money breakdown', () => {
  it('a card payment in USD with a promo code: every line, on verify, list, track and an order answer, summing to the total', async () => {
    // 2 × 129.50 + 18.00 = 277.00; WELCOME10 −27.70; tax 17% of 249.30 = 42.38; shipping 75.00 (under 500 before
    // the discount): 366.68; card fee 2.5% = 9.17; total 375.85, charged in USD.
    const { verify, list, track, orderId, headers } = await buy('card@example.com', [[ids.mayo, 2], [ids.kelly, 1]], 'credit_card', 'WELCOME10');
    const expected = {
      breakdown: { subtotal: '277.00', discount: '27.70', shipping: '75.00', tax: '42.38', fee: '9.17', total: '375.85' },
      amountCharged: '375.85', currency: 'USD', exchangeRate: null, promoCode: 'WELCOME10',
    };
    for (const answer of [verify, list, track]) {
      expect(answer).toMatchObject(expected);
      expectSumsToTotal(answer.breakdown);
    }
    expect(verify).toMatchObject({ amount: 366.68, fee: 9.17, orderDetails: { items: [{ quantity: 2, price: 129.5 }, { quantity: 1, price: 18 }] } });
    expect(list).toMatchObject({ total: 375.85, totalCharged: 375.85 });

    const mail = t.mailer.lastTo('dr.ayesha@example.com')!;
    for (const line of [
      'Mayo Scissors', '2 × $129.50 each', 'Subtotal: $277.00', 'Discount (WELCOME10): -$27.70', 'Shipping: $75.00', 'Tax: $42.38',
      'Card processing fee: $9.17', 'Total (USD): $375.85', 'Charged (USD): $375.85',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain('Discount (WELCOME10)');

    const pdf = await invoiceText(orderId, headers);
    for (const line of [
      'NTN: 1234567-8', 'STRN: 17-00-3761-999-19', '$129.50 each', '$18.00 each', 'Subtotal $277.00', 'Discount (WELCOME10) -$27.70',
      'Shipping $75.00', 'Tax $42.38', 'Card processing fee $9.17', 'Total (USD) $375.85', 'Charged (USD) $375.85',
    ]) {
      expect(pdf).toContain(line);
    }
    expect(pdf).not.toContain('Exchange rate');

    expect(await cancel(orderId, headers)).toMatchObject({ ...expected, promoCode: null });
  });

  it('a wallet payment in PKR: the rupees shown in the cart are the rupees charged, and every line is there', async () => {
    // 4 × 129.50 = 518.00: free shipping; tax 88.06; total 606.06 = PKR 168,787.71 at 278.50, charged whole: 168,788.
    const { cart, verify, list, track, orderId, headers } = await buy('wallet@example.com', [[ids.mayo, 4]], 'jazzcash');
    const { rates } = await get('/api/exchange-rates', {});
    expect(cart.grand_total_pkr).toBe('168788.00');
    expect(usdCentsToPkrMinor(cents(cart.grand_total), rates.PKR)).toBe(cents(cart.grand_total_pkr));
    const expected = {
      breakdown: { subtotal: '518.00', discount: '0.00', shipping: '0.00', tax: '88.06', fee: '0.00', total: '606.06' },
      amountCharged: cart.grand_total_pkr, currency: 'PKR', exchangeRate: '278.50', promoCode: null,
    };
    // The confirmation, before the cancellation's refund mail follows it.
    const mail = t.mailer.lastTo('dr.ayesha@example.com')!;
    for (const answer of [verify, list, track, await cancel(orderId, headers)]) {
      expect(answer).toMatchObject(expected);
      expectSumsToTotal(answer.breakdown);
    }
    expect(verify).toMatchObject({ amount: 168_788, fee: 0 });

    for (const line of ['4 × $129.50 each', 'Shipping: Free', 'Total (USD): $606.06', 'Exchange rate: 278.50 PKR per USD', 'Charged (PKR): PKR 168,788.00']) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('Discount');
    expect(mail.text).not.toContain('Card processing fee');

    const pdf = await invoiceText(orderId, headers);
    for (const line of ['Shipping Free', 'Tax $88.06', 'Total (USD) $606.06', 'Exchange rate 278.50 PKR per USD', 'Charged (PKR) PKR 168,788.00']) {
      expect(pdf).toContain(line);
    }
    expect(pdf).not.toContain('Discount');
  });
});
