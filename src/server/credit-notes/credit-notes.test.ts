import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../db/schema/orders.ts';
import { organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { creditNotes, returns } from '../db/schema/returns.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { buyByCard, buyWith } from '../test/paid-order-fixture.ts';
import { pdfText } from '../test/pdf-text.ts';
import { issueCreditNote } from './issue-credit-note.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
const who: Record<string, Headers> = {};
let buyerId = '';
let productId: number;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17', SELLER_NTN: '1234567-8', SELLER_STRN: '17-00-3761-999-19' } });
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
  ]);
  productId = products[0].id;
  const buyer = await createTestUser(db, { email: 'buyer@example.com' });
  buyerId = buyer.user.id;
  who.buyer = buyer.headers;
  who.stranger = (await createTestUser(db, { email: 'stranger@example.com' })).headers;
  who.arabic = (await createTestUser(db, { email: 'arabic@example.com' })).headers;
  const preferArabic = await t.app.inject({
    method: 'PUT', url: '/api/auth/profile/', headers: who.arabic, payload: { preferences: { language: 'ar' } },
  });
  expect(preferArabic.statusCode).toBe(200);
  who.staff = (await createTestUser(db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

/** A credit note for `quantity` units of the order's first line at 17% tax, less `feesCents`, issued as returns issue them. */
async function credit(orderId: string, options: { quantity?: number; feesCents?: number; kind?: 'refund' | 'store_credit'; returnId?: number } = {}) {
  const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const quantity = options.quantity ?? 1;
  const linesCents = quantity * line.unitPriceCents;
  const taxCents = Math.round(linesCents * 0.17);
  const feesCents = options.feesCents ?? 0;
  return t.database.db.transaction((tx) => issueCreditNote(tx, {
    orderId, returnId: options.returnId ?? null, kind: options.kind ?? 'refund', feesCents, taxCents,
    totalCents: linesCents + taxCents - feesCents,
    lines: [{
      orderItemId: line.id, name: line.name, variantLabel: line.variantLabel, modelNumber: line.modelNumber, quantity,
      unitPriceCents: line.unitPriceCents, totalCents: linesCents,
    }],
  }));
}

const download = (number: string, headers?: Headers) => t.app.inject({ method: 'GET', url: `/api/credit-notes/${number}.pdf`, headers });

describe('GET /api/credit-notes/{number}.pdf', () => {
  it('is a PDF naming the invoice it refers to, the seller with NTN and STRN, the buyer, the lines, fees, tax and total credited', async () => {
    // 2 × 129.50 bought; one returned from RMA-000042: 129.50 + 17% tax 22.02 − 19.43 restocking = 132.09 refunded.
    const { orderId, orderNumber } = await buyByCard(t, who.buyer, [{ productId, quantity: 2 }]);
    const [rma] = await t.database.db.insert(returns).values({ rma: 'RMA-000042', orderId, userId: buyerId }).returning();
    const note = await credit(orderId, { feesCents: 1_943, returnId: rma.id });
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: who.buyer })).json<{ orders: { id: string; createdAt: string; credit_notes: unknown[] }[] }>()
      .orders.find((row) => row.id === orderId)!;
    expect(order.credit_notes).toEqual([{ number: note.number, pdf_url: `/api/credit-notes/${note.number}.pdf` }]);

    const response = await download(note.number, who.buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-${note.number}.pdf"; filename*=UTF-8''credit-note-${note.number}.pdf`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'CREDIT NOTE', `Credit note number: ${note.number}`, `Credit note date: ${note.createdAt.toISOString().slice(0, 10)}`,
      `Refers to invoice ${orderNumber} of ${order.createdAt.slice(0, 10)}`, 'Return authorisation: RMA-000042',
      'Sialkot Surgical', 'NTN: 1234567-8', 'STRN: 17-00-3761-999-19',
      'Bill to', 'Ayesha Khan', 'Mayo Hospital', '12 Hospital Road', 'Lahore 54000',
      'Mayo Scissors', '$129.50 each',
      'Subtotal $129.50', 'Tax $22.02', 'Fees kept back -$19.43', 'Total credited (USD) $132.09',
      'How it is given back', 'Refunded to the original payment: Credit or debit card',
    ]) {
      expect(text).toContain(expected);
    }
    // An order charged in dollars has no second currency.
    for (const absent of ['Exchange rate', 'PKR', 'INVOICE']) expect(text).not.toContain(absent);
  });

  it('leaves out the return and the fees when there are none, and says when the money went to store credit', async () => {
    const { orderId } = await buyByCard(t, who.buyer, [{ productId, quantity: 1 }]);
    const note = await credit(orderId, { kind: 'store_credit' });
    const text = await pdfText((await download(note.number, who.buyer)).rawPayload);
    expect(text).toContain('Added to store credit, for later orders');
    expect(text).toContain('Total credited (USD) $151.52');
    for (const absent of ['Return authorisation', 'Fees kept back', 'Refunded to']) expect(text).not.toContain(absent);
  });

  it('gives the amount credited in rupees too, at the rate the order was charged at', async () => {
    const { orderId } = await buyWith(t, who.buyer, [{ productId, quantity: 1 }], 'jazzcash');
    const note = await credit(orderId);
    const text = await pdfText((await download(note.number, who.buyer)).rawPayload);
    // $151.52 at 278.50 PKR per USD = PKR 42,198.32.
    for (const expected of ['Total credited (USD) $151.52', 'Exchange rate 278.50 PKR per USD', 'Credited (PKR) PKR 42,198.32', 'JazzCash']) {
      expect(text).toContain(expected);
    }
  });

  it('is in Arabic for a buyer who reads Arabic, whoever downloads it', async () => {
    const { orderId, orderNumber } = await buyByCard(t, who.arabic, [{ productId, quantity: 2 }]);
    const note = await credit(orderId, { feesCents: 1_943 });
    for (const headers of [who.arabic, who.staff]) {
      const response = await download(note.number, headers);
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      for (const expected of [
        'إشعار دائن', 'رقم الإشعار الدائن', note.number, 'يتعلق بالفاتورة', orderNumber, 'الرقم الضريبي الوطني', '1234567-8',
        'رقم التسجيل في ضريبة المبيعات', '17-00-3761-999-19', 'فاتورة إلى', 'Ayesha Khan', 'Mayo Scissors', 'الصنف', 'الكمية',
        'المجموع الفرعي', '١٢٩٫٥٠', 'الضريبة', '٢٢٫٠٢', 'الرسوم المخصومة', '١٩٫٤٣', 'الإجمالي', 'بالدولار الأمريكي', '١٣٢٫٠٩',
        'طريقة الإرجاع', 'مُعاد إلى وسيلة الدفع الأصلية', 'بطاقة ائتمان أو خصم',
      ]) {
        expect(text).toContain(expected);
      }
      for (const english of ['CREDIT NOTE', 'Subtotal', 'Refers to', '$132.09']) expect(text).not.toContain(english);
    }
  });

  it("is read by whoever reads its order's invoice: the buyer, staff and the organisation's finance; 404 to anyone else", async () => {
    const { db } = t.database;
    const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified' });
    const organisationId = founder.organisation!.id;
    const member = await addMember(db, organisationId, 'surgeon@mayo.example', 'buyer');
    who.finance = (await addMember(db, organisationId, 'finance@mayo.example', 'finance')).headers;
    who.colleague = (await addMember(db, organisationId, 'colleague@mayo.example', 'buyer')).headers;
    const { orderId } = await buyByCard(t, member.headers, [{ productId, quantity: 1 }]);
    // Placed by a member, the order is the organisation's.
    await db.update(organisationOrders).set({ poNumber: 'PO-77' }).where(eq(organisationOrders.orderId, orderId));
    const note = await credit(orderId);

    for (const as of [member.headers, who.staff, who.finance, founder.headers]) expect((await download(note.number, as)).statusCode).toBe(200);
    for (const as of [who.stranger, who.colleague, who.buyer]) {
      const refused = await download(note.number, as);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe('Credit note not found.');
    }
    const unknown = await download('CN-999999', who.staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Credit note not found.');
    expect((await download(note.number)).statusCode).toBe(401);
    expect(await pdfText((await download(note.number, who.finance)).rawPayload)).toContain('Purchase order: PO-77');
  });
});

/**
 * Runs on the in-memory database, and on PostgreSQL when TEST_DATABASE_URL names a server: there the concurrent
 * transactions really interleave and wait for each other on the series' row.
 */
describe('credit note numbers', () => {
  it('run in one series with no gaps: a transaction that rolls back gives its number back, concurrent ones each take the next', async () => {
    const { orderId } = await buyByCard(t, who.buyer, [{ productId, quantity: 3 }]);
    const sequences = async () => (await t.database.db.select({ sequence: creditNotes.sequence, number: creditNotes.number })
      .from(creditNotes).orderBy(asc(creditNotes.sequence)));
    const before = (await sequences()).length;

    const first = await credit(orderId);
    const rolledBack = await t.database.db.transaction(async (tx) => {
      await issueCreditNote(tx, { orderId, kind: 'refund', lines: [], feesCents: 0, taxCents: 0, totalCents: 0 });
      tx.rollback();
    }).catch((error: unknown) => error);
    expect(rolledBack).toBeInstanceOf(Error);
    const second = await credit(orderId);
    expect(second.sequence).toBe(first.sequence + 1);

    const concurrent = await Promise.allSettled([
      ...Array.from({ length: 6 }, () => credit(orderId)),
      t.database.db.transaction(async (tx) => {
        await issueCreditNote(tx, { orderId, kind: 'refund', lines: [], feesCents: 0, taxCents: 0, totalCents: 0 });
        throw new Error('refund refused');
      }),
    ]);
    expect(concurrent.map((outcome) => outcome.status)).toEqual([...Array(6).fill('fulfilled'), 'rejected']);
    const issued = concurrent.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.sequence] : [])).sort((a, b) => a - b);
    expect(issued).toEqual(Array.from({ length: 6 }, (_, i) => second.sequence + 1 + i));

    const all = await sequences();
    expect(all).toHaveLength(before + 8);
    expect(all.map((row) => row.sequence)).toEqual(all.map((_, i) => i + 1));
    expect(all.map((row) => row.number)).toEqual(all.map((_, i) => `CN-${String(i + 1).padStart(6, '0')}`));
  });
});
