import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { quoteThrough } from '../test/quote-fixtures.ts';

const SHOP_EMAIL = 'sales@shop.test';
const BUYER = 'procurement@hospital.example';
const FSI = '\u2068';
const PDI = '\u2069';

let t: CommerceTestApp;
let kelly: number;
let scissors: { id: number; curved: number };
let buyer: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17', SHOP_EMAIL } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 500 },
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2_400,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
      variants: [{ options: { Length: '14 cm', Tip: 'Straight' } }, { options: { Length: '18 cm', Tip: 'Curved' }, modelNumber: 'MZ-18C', priceCents: 3_300 }],
    },
  ]);
  kelly = products[0].id;
  scissors = { id: products[1].id, curved: products[1].variants[1].id };
  buyer = (await createTestUser(t.database.db, { email: BUYER, accountType: 'business' })).headers;
  staff = (await createTestUser(t.database.db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
  const preferArabic = await t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers: buyer, payload: { preferences: { language: 'ar' } } });
  expect(preferArabic.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('quote mails from a buyer who reads Arabic', () => {
  it('tells the shop in English and the buyer in Arabic, with Arabic-Indic prices', async () => {
    const quote = await quoteThrough(t, { buyer, staff }, [{ productId: kelly, quantity: 10, unitPrice: '15.00' }]);

    const request = t.mailer.lastTo(SHOP_EMAIL)!;
    expect(request.subject).toBe(`Sialkot Surgical: Quote request ${quote.number} from Test User`);
    expect(request.text).toContain('10 × Kelly Hemostat (');
    expect(request.html).toContain('<html lang="en"><body');

    const sent = t.mailer.lastTo(BUYER)!;
    const usd = (digits: string) => `${FSI}\u200f${digits}\u00a0US$\u200e${PDI}`;
    expect(sent.subject).toBe(`سيالكوت سرجيكال: عرض السعر ${FSI}${quote.number}${PDI} جاهز`);
    expect(sent.text).toContain(`فيما يلي أسعارنا لطلب عرض السعر ${FSI}${quote.number}${PDI}:`);
    expect(sent.text).toContain(`بسعر ${usd('١٥٫٠٠')} للقطعة = ${usd('١٥٠٫٠٠')}`);
    expect(sent.text).toContain('عرض السعر هذا صالح حتى');
    expect(sent.html).toContain('<html lang="ar" dir="rtl">');
    expect(sent.text).not.toMatch(/Dear|valid until/);
  });

  it('tells the buyer in Arabic when the shop withdraws a quote, and why', async () => {
    const quote = await quoteThrough(t, { buyer, staff }, [{ productId: kelly, quantity: 5, unitPrice: '15.00' }]);
    const withdrawn = await t.app.inject({
      method: 'POST', url: `/api/staff/quotes/${quote.id}/withdraw/`, headers: staff, payload: { reason: 'Out of production' },
    });
    expect(withdrawn.statusCode).toBe(200);
    const mail = t.mailer.lastTo(BUYER)!;
    expect(mail.subject).toBe(`سيالكوت سرجيكال: سحب عرض السعر ${FSI}${quote.number}${PDI}`);
    expect(mail.text).toContain(`لقد سحبنا عرض السعر ${FSI}${quote.number}${PDI}. السبب: ${FSI}Out of production${PDI}`);
  });
});

describe('quote mails for a product with variants', () => {
  it('name the size or version after the product', async () => {
    await quoteThrough(t, { buyer, staff }, [{ productId: scissors.id, variantId: scissors.curved, quantity: 4, unitPrice: '30.00' }]);
    expect(t.mailer.lastTo(SHOP_EMAIL)!.text).toContain('4 × Metzenbaum Scissors — 18 cm · Curved (MZ-18C)');
    expect(t.mailer.lastTo(BUYER)!.text).toContain('Metzenbaum Scissors — 18 cm · Curved');
  });
});
