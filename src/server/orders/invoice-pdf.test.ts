import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: CommerceTestApp;
let buyer: Record<string, string>;
let stranger: Record<string, string>;
let productId: number;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
  ]);
  productId = products[0].id;
  buyer = (await createTestUser(t.database.db, { email: 'buyer@example.com' })).headers;
  stranger = (await createTestUser(t.database.db, { email: 'stranger@example.com' })).headers;
});
afterAll(() => t.close());

describe('GET /api/orders/{id}/invoice.pdf', () => {
  it('is a PDF with the shop, the buyer, the lines and the totals in USD and the paid currency', async () => {
    // 2 × 129.50 = 259.00 + 17% tax 44.03 + 75.00 shipping = 378.03; card fee 2.5% = 9.45; charged 387.48.
    const { orderId, orderNumber } = await buyByCard(t, buyer, [{ productId, quantity: 2 }]);
    const response = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: buyer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="invoice-${orderNumber}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Sialkot Surgical', `Invoice number: ${orderNumber}`, 'Ayesha Khan', 'Mayo Hospital', '12 Hospital Road', 'Lahore 54000',
      'dr.ayesha@example.com', '+92 300 1234567', 'Order type: Individual', 'Mayo Scissors', '$129.50 each', '$259.00',
      'Subtotal $259.00', 'Tax $44.03', 'Shipping $75.00', 'Card processing fee $9.45', 'Total (USD) $387.48', 'Charged (USD) $387.48',
      'Payment status: Paid', 'Payment method: Credit or debit card',
    ]) {
      expect(text).toContain(expected);
    }
    // Without SELLER_NTN and SELLER_STRN the seller's tax lines are left out, never made up; nor is a discount of 0.
    for (const absent of ['NTN', 'STRN', 'Discount']) expect(text).not.toContain(absent);
  });

  it('is 404 for anyone but the buyer and 401 signed out', async () => {
    const { orderId } = await buyByCard(t, buyer, [{ productId, quantity: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: stranger })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf` })).statusCode).toBe(401);
  });
});
