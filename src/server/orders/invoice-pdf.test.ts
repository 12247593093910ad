import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/orders';
import { productVariants } from '../db/schema/catalog.ts';
import { orderItems } from '../db/schema/orders.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: CommerceTestApp;
let buyer: Record<string, string>;
let stranger: Record<string, string>;
let arabicBuyer: Record<string, string>;
let staff: Record<string, string>;
let productId: number;
let scissors: { id: number; short: number; curved: number };

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2_400, stock: 50,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
      variants: [
        { options: { Length: '14 cm', Tip: 'Straight' }, priceCents: 2_400, modelNumber: 'MZ-14S' },
        { options: { Length: '18 cm', Tip: 'Curved' }, priceCents: 3_300, modelNumber: 'MZ-18C' },
      ],
    },
  ]);
  productId = products[0].id;
  scissors = { id: products[1].id, short: products[1].variants[0].id, curved: products[1].variants[1].id };
  buyer = (await createTestUser(t.database.db, { email: 'buyer@example.com' })).headers;
  stranger = (await createTestUser(t.database.db, { email: 'stranger@example.com' })).headers;
  arabicBuyer = (await createTestUser(t.database.db, { email: 'arabic@example.com' })).headers;
  const preferArabic = await t.app.inject({
    method: 'PUT', url: '/api/auth/profile/', headers: arabicBuyer, payload: { preferences: { language: 'ar' } },
  });
  expect(preferArabic.statusCode).toBe(200);
  staff = (await createTestUser(t.database.db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
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
    expect(response.headers['cache-control']).toBe('private, no-store');
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
    expect(text).not.toMatch(/[\u0600-\u06ff]/);
  });

  it('lists the refunds that gave money back under the amount charged', async () => {
    const { orderId } = await buyByCard(t, buyer, [{ productId, quantity: 1 }]);
    const refund = await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${orderId}/refunds/`, headers: { ...staff, 'idempotency-key': 'invoice-refund' },
      payload: { amount: '20.00', reason: 'Box damaged', reference: 'IBFT-1' },
    });
    expect(refund.statusCode).toBe(201);
    const text = await pdfText((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: buyer })).rawPayload);
    expect(text).toMatch(/Refunded on \d{4}-\d{2}-\d{2} -\$20\.00/);
  });

  it('is in Arabic for a buyer who reads Arabic, whoever downloads it: labels, Arabic-Indic amounts, and names and numbers kept as they are', async () => {
    const { orderId, orderNumber } = await buyByCard(t, arabicBuyer, [{ productId, quantity: 2 }]);
    for (const headers of [arabicBuyer, staff]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers });
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      for (const expected of [
        'Sialkot Surgical', 'فاتورة', 'رقم الفاتورة', orderNumber, 'تاريخ الطلب', 'فاتورة إلى', 'Ayesha Khan', '12 Hospital Road',
        '+92 300 1234567', 'dr.ayesha@example.com', 'نوع الطلب', 'فردي', 'الصنف', 'الطراز', 'الكمية', 'سعر الوحدة', 'إجمالي البند',
        'Mayo Scissors', '١٢٩٫٥٠', 'للقطعة', 'المجموع الفرعي', '٢٥٩٫٠٠', 'الضريبة', '٤٤٫٠٣', 'الشحن', '٧٥٫٠٠', 'رسوم معالجة البطاقة', '٩٫٤٥',
        'الإجمالي', 'بالدولار الأمريكي', 'المبلغ المحصّل', '٣٨٧٫٤٨', 'حالة الدفع', 'مدفوع', 'طريقة الدفع', 'بطاقة ائتمان أو خصم',
        'نشكركم على الشراء من سيالكوت سرجيكال',
      ]) {
        expect(text).toContain(expected);
      }
      for (const english of ['INVOICE', 'Subtotal', 'Payment status', 'each', '$387.48']) expect(text).not.toContain(english);
    }
  });

  it('is 404 for anyone but the buyer and 401 signed out', async () => {
    const { orderId } = await buyByCard(t, buyer, [{ productId, quantity: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: stranger })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf` })).statusCode).toBe(401);
  });
});

describe('an order of a product with variants', () => {
  it('keeps each variant sold, with its label as sold, on the order, the invoice and the confirmation mail', async () => {
    t.mailer.sent.length = 0;
    const { orderId } = await buyByCard(t, buyer, [
      { productId: scissors.id, variantId: scissors.curved, quantity: 2 }, { productId: scissors.id, variantId: scissors.short, quantity: 1 },
    ]);
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: buyer })).json<{ orders: Order[] }>().orders
      .find((o) => o.id === orderId)!;
    expect(order.items.map(({ productId: id, variantId, variantLabel, name, price, quantity }) => ({ id, variantId, variantLabel, name, price, quantity }))
      .sort((a, b) => a.price - b.price)).toEqual([
      { id: scissors.id, variantId: scissors.short, variantLabel: '14 cm · Straight', name: 'Metzenbaum Scissors', price: 24, quantity: 1 },
      { id: scissors.id, variantId: scissors.curved, variantLabel: '18 cm · Curved', name: 'Metzenbaum Scissors', price: 33, quantity: 2 },
    ]);
    const [stored] = await t.database.db.select().from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, scissors.curved)));
    expect(stored).toMatchObject({ productId: scissors.id, variantLabel: '18 cm · Curved', modelNumber: 'MZ-18C', unitPriceCents: 3_300 });

    // The label stays as sold when the variant's options are renamed later.
    await t.database.db.update(productVariants).set({ options: { Length: '18 cm', Tip: 'Curved (fine)' } }).where(eq(productVariants.id, scissors.curved));
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: buyer });
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Metzenbaum Scissors — 18 cm · Curved', 'MZ-18C', 'Metzenbaum Scissors — 14 cm · Straight', 'MZ-14S']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('fine');
    const mail = t.mailer.sent.find((sent) => sent.to === 'dr.ayesha@example.com' && sent.text.includes('Metzenbaum'))!;
    expect(mail.text).toContain('Metzenbaum Scissors — 18 cm · Curved');
  });
});
