import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import type { Organisation, StaffOrganisationDetail } from '#contracts/organisations';
import type { Order } from '#contracts/orders';
import type { PaymentResult } from '#contracts/payment';
import { inventoryItems } from '../db/schema/inventory.ts';
import { orders } from '../db/schema/orders.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { dueDateFor } from './invoice-terms.ts';
import { pdfText } from '../test/pdf-text.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let staff: Headers;
let productId: number;
let variantId: number;
let key = 0;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000, stock: 100 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  staff = (await createTestUser(t.database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST', url: string, headers?: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** Fills the cart with `quantity` scissors (100.00 each, free shipping from 5) and pays by invoice in USD. */
async function payByInvoice(headers: Headers, quantity: number) {
  const cart = (await inject('GET', '/api/cart/', headers)).json<Cart>();
  for (const item of cart.items) await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers });
  await inject('POST', '/api/cart/add-item/', headers, { product_id: productId, quantity });
  const { grand_total: total } = (await inject('GET', '/api/cart/', headers)).json<Cart>();
  return t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `invoice-${++key}` },
    payload: { ...paymentBody('invoice', Number(total)), currency: 'USD' } as unknown as Record<string, unknown>,
  });
}
const stock = async () => (await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.variantId, variantId)))[0];
const orderCount = async () => (await t.database.db.select().from(orders)).length;
const mine = async (headers: Headers) => (await inject('GET', '/api/organisations/mine/', headers)).json<{ organisation: Organisation }>().organisation;
const orderOf = async (headers: Headers, id: string) =>
  (await inject('GET', '/api/orders/', headers)).json<{ orders: Order[] }>().orders.find((o) => o.id === id)!;

describe('Pay by invoice', () => {
  it('is refused to individual accounts, unverified organisations and organisations without terms, with nothing written', async () => {
    const individual = (await createTestUser(t.database.db, { email: 'dr.solo@example.com' })).headers;
    const pending = await createBusinessBuyer(t.database.db, { email: 'pending@clinic.example', status: 'pending', paymentTerms: 'net30', creditLimitCents: 1_000_000 });
    const noTerms = await createBusinessBuyer(t.database.db, { email: 'advance@clinic.example', status: 'verified' });
    const before = { orders: await orderCount(), stock: await stock() };
    for (const headers of [individual, pending.headers, noTerms.headers]) {
      const response = await payByInvoice(headers, 1);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'INVOICE_NOT_ALLOWED', detail: 'Pay by invoice is for verified organisations approved for payment terms.',
      });
    }
    expect(await orderCount()).toBe(before.orders);
    expect(await stock()).toEqual(before.stock);
  });

  it('confirms the order awaiting payment, due 30 days after the order, selling the stock through the ledger', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'net30@clinic.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 100_000 });
    const before = await stock();
    const response = await payByInvoice(buyer.headers, 6);
    expect(response.statusCode).toBe(201);
    const payment = response.json<{ orderId: string; transactionId: string; paymentMethod: string; fee: number; message: string }>();
    expect(payment).toMatchObject({ paymentMethod: 'invoice', fee: 0, message: 'Your order has been placed on payment terms. Pay the invoice by its due date.' });
    expect(t.charges.size).toBe(0);

    const order = await orderOf(buyer.headers, payment.orderId);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, payment.orderId));
    expect(order).toMatchObject({
      status: 'confirmed', paymentStatus: 'awaiting_payment', paymentMethod: 'invoice', total: 600,
      invoiceTerms: { terms: 'net30', dueDate: dueDateFor('net30', row.createdAt), paidAt: null },
    });
    expect(order.trackingEvents[0]).toMatchObject({
      event: 'confirmed_on_terms', params: { terms: 'net30', dueDate: order.invoiceTerms!.dueDate },
      description: `Order confirmed on Net 30 terms: payment due by ${order.invoiceTerms!.dueDate}`,
    });
    const daysToDue = (Date.parse(order.invoiceTerms!.dueDate) - Date.parse(row.createdAt.toISOString().slice(0, 10))) / 86_400_000;
    expect(daysToDue).toBe(30);
    expect(await stock()).toMatchObject({ currentStock: before.currentStock - 6, reservedStock: before.reservedStock });
    expect((await inject('GET', '/api/cart/', buyer.headers)).json<Cart>().items).toEqual([]);
    expect(await mine(buyer.headers)).toMatchObject({ credit_limit: '1000.00', credit_used: '600.00', credit_available: '400.00' });

    const result = (await inject('GET', `/api/payment/verify/${payment.transactionId}`, buyer.headers)).json<PaymentResult>();
    expect(result).toMatchObject({
      success: true, paymentMethod: 'invoice', status: 'pending', orderNumber: order.orderNumber,
      invoiceTerms: { terms: 'net30', dueDate: order.invoiceTerms!.dueDate, paidAt: null },
    });
    expect(t.mailer.lastTo('dr.ayesha@example.com')?.text).toContain('on your payment terms');

    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${payment.orderId}/invoice.pdf`, headers: buyer.headers });
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      `Payment due: ${order.invoiceTerms!.dueDate}`, 'Payment status: Awaiting payment', 'Payment method: Pay by invoice',
      'Payment terms: Net 30', `Due date: ${order.invoiceTerms!.dueDate}`, 'Amount due (USD) $600.00',
    ]) expect(text).toContain(expected);
  });

  it('falls due 60 days after the order on Net 60', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'net60@clinic.example', status: 'verified', paymentTerms: 'net60', creditLimitCents: 100_000 });
    const response = await payByInvoice(buyer.headers, 1);
    expect(response.statusCode).toBe(201);
    const order = await orderOf(buyer.headers, response.json().orderId);
    expect(order.invoiceTerms).toMatchObject({ terms: 'net60', dueDate: dueDateFor('net60', new Date(order.createdAt)) });
    expect(dueDateFor('net60', new Date('2026-01-15T10:00:00Z'))).toBe('2026-03-16');
    expect(dueDateFor('net30', new Date('2026-01-15T10:00:00Z'))).toBe('2026-02-14');
  });

  it('keeps unpaid invoices plus the new order within the credit limit: 409 with the available credit, nothing written', async () => {
    // Limit 1,075.00 with 600.00 open: 475.00 (4 units and shipping) fits exactly, 500.00 (5 units) does not.
    const buyer = await createBusinessBuyer(t.database.db, { email: 'limit@clinic.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 107_500 });
    expect((await payByInvoice(buyer.headers, 6)).statusCode).toBe(201);
    const before = { orders: await orderCount(), stock: await stock() };
    const over = await payByInvoice(buyer.headers, 5);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED', params: { amount: 500, available: 475 } });
    expect(over.json().detail).toContain('This order (500.00 USD) exceeds your available credit of 475.00 USD.');
    expect(await orderCount()).toBe(before.orders);
    expect(await stock()).toEqual(before.stock);
    expect((await inject('GET', '/api/cart/', buyer.headers)).json<Cart>().items).toHaveLength(1);
    expect((await payByInvoice(buyer.headers, 4)).statusCode).toBe(201);
    expect(await mine(buyer.headers)).toMatchObject({ credit_used: '1075.00', credit_available: '0.00' });
  });

  it('is marked paid by staff only, once, which frees the credit', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'payer@clinic.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 100_000 });
    const { orderId } = (await payByInvoice(buyer.headers, 6)).json<{ orderId: string }>();
    const url = `/api/staff/invoices/${orderId}/paid/`;
    expect((await inject('POST', url)).statusCode).toBe(401);
    expect((await inject('POST', url, buyer.headers)).statusCode).toBe(403);
    expect((await inject('POST', '/api/staff/invoices/00000000-0000-4000-8000-000000000000/paid/', staff)).statusCode).toBe(404);
    const paid = await inject('POST', url, staff);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().invoice).toMatchObject({ order_id: orderId, amount: '600.00', payment_terms: 'net30', overdue: false });
    expect(paid.json().invoice.paid_at).not.toBeNull();
    const order = await orderOf(buyer.headers, orderId);
    expect(order).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    expect(order.invoiceTerms!.paidAt).not.toBeNull();
    expect(order.trackingEvents[0]).toMatchObject({ event: 'invoice_paid', params: {}, description: 'Invoice payment received' });
    expect(await mine(buyer.headers)).toMatchObject({ credit_used: '0.00', credit_available: '1000.00' });
    const again = await inject('POST', url, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This invoice is already paid.');
    const detail = (await inject('GET', `/api/staff/organisations/${buyer.organisation!.id}/`, staff)).json<StaffOrganisationDetail>();
    expect(detail.invoices).toHaveLength(1);
    expect(detail.invoices[0].paid_at).not.toBeNull();
  });

  it('frees the credit of a cancelled order, which can no longer be marked paid', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'cancel@clinic.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 100_000 });
    const { orderId } = (await payByInvoice(buyer.headers, 6)).json<{ orderId: string }>();
    expect((await inject('POST', `/api/orders/${orderId}/cancel/`, buyer.headers)).statusCode).toBe(200);
    expect(await mine(buyer.headers)).toMatchObject({ credit_used: '0.00' });
    expect((await inject('POST', `/api/staff/invoices/${orderId}/paid/`, staff)).statusCode).toBe(409);
  });

  it('refuses a currency other than PKR or USD, per field', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'amount@clinic.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 100_000 });
    await inject('POST', '/api/cart/add-item/', buyer.headers, { product_id: productId, quantity: 1 });
    const response = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...buyer.headers, 'idempotency-key': `invoice-${++key}` },
      payload: { ...paymentBody('invoice', 1), currency: 'EUR' } as unknown as Record<string, unknown>,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ currency: ['Choose PKR or USD.'] });
  });
});
