import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp, testShippingAddress } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';

const FSI = '\u2068';
const PDI = '\u2069';

let t: CommerceTestApp;
let productId: number;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
  ]);
  productId = products[0].id;
});
afterAll(() => t.close());

async function buyerIn(email: string, language: 'en' | 'ar') {
  const { headers } = await createTestUser(t.database.db, { email });
  const updated = await t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers, payload: { preferences: { language } } });
  expect(updated.statusCode).toBe(200);
  return headers;
}

describe('the order confirmation in the buyer\'s language', () => {
  // 2 × 129.50 = 259.00 + 17% tax 44.03 + 75.00 shipping = 378.03; card fee 2.5% = 9.45; charged 387.48.
  it('Arabic: the letter, the lines and the amounts, in Arabic-Indic digits, right to left', async () => {
    const { orderNumber } = await buyByCard(t, await buyerIn('dr.arabic@example.com', 'ar'), [{ productId, quantity: 2 }]);
    const mail = t.mailer.lastTo(testShippingAddress.email)!;
    const amount = (digits: string) => `${FSI}\u200f${digits}\u00a0US$\u200e${PDI}`;
    expect(mail.subject).toBe(`سيالكوت سرجيكال: تأكيد الطلب ${FSI}${orderNumber}${PDI}`);
    for (const line of [
      'السيد/السيدة \u2068Ayesha\u2069،',
      `شكرًا لطلبك. لقد تسلّمنا دفعتك البالغة ${amount('٣٨٧٫٤٨')} وأكّدنا الطلب ${FSI}${orderNumber}${PDI}.`,
      `${FSI}Mayo Scissors${PDI} (${FSI}`,
      `${PDI}): ${FSI}٢${PDI} × ${amount('١٢٩٫٥٠')} للقطعة: ${amount('٢٥٩٫٠٠')}`,
      `المجموع الفرعي: ${amount('٢٥٩٫٠٠')}`,
      `الضريبة: ${amount('٤٤٫٠٣')}`,
      `الشحن: ${amount('٧٥٫٠٠')}`,
      `رسوم معالجة البطاقة: ${amount('٩٫٤٥')}`,
      `المبلغ المحصّل (${FSI}USD${PDI}): ${amount('٣٨٧٫٤٨')}`,
      `تتبّع طلبك: ${mail.link}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toMatch(/Dear|Subtotal|\$387\.48/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('text-align: left">');
    expect(mail.html).not.toContain('text-align: right');
  });

  it('English: as it always was', async () => {
    const { orderNumber } = await buyByCard(t, await buyerIn('dr.english@example.com', 'en'), [{ productId, quantity: 2 }]);
    const mail = t.mailer.lastTo(testShippingAddress.email)!;
    expect(mail.subject).toBe(`Sialkot Surgical: Order ${orderNumber} confirmed`);
    expect(mail.text).toMatch(new RegExp(`^Dear Ayesha,\\n\\nThank you for your order\\. We have received your payment of \\$387\\.48 and confirmed order ${orderNumber}\\.\\n`
      + 'Estimated delivery: \\d{4}-\\d{2}-\\d{2}\\.\\n\\n'
      + 'Mayo Scissors \\(.+\\): 2 × \\$129\\.50 each: \\$259\\.00\\n\\n'
      + 'Subtotal: \\$259\\.00\\nShipping: \\$75\\.00\\nTax: \\$44\\.03\\nCard processing fee: \\$9\\.45\\nTotal \\(USD\\): \\$387\\.48\\nCharged \\(USD\\): \\$387\\.48\\n\\n'
      + 'Track your order: http://shop\\.test/orders\\n\\nSialkot Surgical\\n$'));
    expect(mail.html).toContain('<html lang="en"><body');
    expect(mail.html).toContain('text-align: right">$387.48</td>');
  });
});
