import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { quoteThrough } from '../test/quote-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: CommerceTestApp;
let kelly: number;
let onTerms: Record<string, string>;
let withoutTerms: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 500 },
  ]);
  kelly = products[0].id;
  const db = t.database.db;
  const hospital = await createBusinessBuyer(db, {
    email: 'bilal@mayo-hospital.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 100_000,
  });
  onTerms = hospital.headers;
  withoutTerms = (await createTestUser(db, { email: 'zara@clinic.example', accountType: 'business' })).headers;
  staff = (await createTestUser(db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

const invoice = (amount: number) => paymentBody('credit_card', amount, { paymentMethod: 'invoice', currency: 'USD', paymentData: {} } as never);

describe('paying an accepted quote by invoice', () => {
  it('confirms the order on the organisation\'s terms at the quoted prices, with the due date on the invoice', async () => {
    const quote = await quoteThrough(t, { buyer: onTerms, staff }, [{ productId: kelly, quantity: 60, unitPrice: '9.75' }]);
    const paid = await t.app.inject({
      method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: { ...onTerms, 'idempotency-key': 'terms-1' }, payload: invoice(585),
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ paymentMethod: 'invoice', amount: 585, fee: 0 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.json().orderId));
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'awaiting_payment', subtotalCents: 58_500, totalCents: 58_500 });
    expect(t.charges.size).toBe(0);

    const due = new Date(order.createdAt.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const view = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: onTerms })).json().orders[0];
    expect(view).toMatchObject({ items: [{ price: 9.75, quantity: 60 }], invoiceTerms: { terms: 'net30', dueDate: due } });
    const quoteNow = (await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: onTerms })).json().quote;
    expect(quoteNow).toMatchObject({ status: 'accepted', order: { id: order.id } });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: onTerms });
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['$9.75', '$585.00', due]) expect(text).toContain(expected);
  });

  it('is refused to an organisation without terms and beyond the credit limit; the quote stays open', async () => {
    const noTerms = await quoteThrough(t, { buyer: withoutTerms, staff }, [{ productId: kelly, quantity: 10, unitPrice: '9.75' }]);
    const refused = await t.app.inject({
      method: 'POST', url: `/api/quotes/${noTerms.id}/accept/`, headers: { ...withoutTerms, 'idempotency-key': 'terms-2' },
      payload: invoice(Number(noTerms.totals!.grand_total)),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INVOICE_NOT_ALLOWED' });

    // 100 × 9.75 = 975.00 on top of the 585.00 still owed exceeds the 1,000.00 limit.
    const big = await quoteThrough(t, { buyer: onTerms, staff }, [{ productId: kelly, quantity: 100, unitPrice: '9.75' }]);
    const over = await t.app.inject({
      method: 'POST', url: `/api/quotes/${big.id}/accept/`, headers: { ...onTerms, 'idempotency-key': 'terms-3' }, payload: invoice(975),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED' });
    for (const quote of [noTerms, big]) {
      const headers = quote === big ? onTerms : withoutTerms;
      expect((await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers })).json().quote.status).toBe('sent');
    }
  });
});
