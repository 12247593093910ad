import { describe, expect, it } from 'vitest';
import type { CartLine } from '../cart/cart.service.ts';
import type { PromoRow } from '../promo/promo.service.ts';
import { cartReminderMail, type ReminderLetter } from './cart-reminder-mail.ts';

const line = (overrides: Partial<CartLine>): CartLine => ({
  id: 1, productId: 1, variantId: 1, variantLabel: '', slug: 'kelly-hemostat', name: 'Kelly Hemostat', modelNumber: 'SS-101', brand: 'Sialkot',
  categoryName: 'General Surgery', categoryTranslations: {}, image: '', unitPriceCents: 1_850, listPriceCents: 1_850, originalPriceCents: null, weightGrams: null,
  quantity: 2, available: 10, flashSaleId: null, saleQuantity: 0, salePriceCents: null, contractNumber: '', priceNotice: null,
  setContents: null, configurationKey: '', setBlocked: null, restricted: false, ...overrides,
});

const letter = (overrides: Partial<ReminderLetter> = {}): ReminderLetter => ({
  to: { email: 'ayesha@example.com', firstName: 'Ayesha', language: 'en' },
  lines: [line({})], subtotalCents: 3_700, promo: null,
  cartLink: 'http://shop.test/cart', settingsLink: 'http://shop.test/profile/settings?tab=notifications', ...overrides,
});

const promo = { code: 'HOSPITAL50', kind: 'fixed', value: 5_000, minSubtotalCents: 100_000 } as PromoRow;

describe('cartReminderMail', () => {
  it('lists each line with its variant, a line a flash sale prices in part, and the subtotal', () => {
    const mail = cartReminderMail(letter({
      lines: [
        line({ variantLabel: '18 cm', quantity: 1 }),
        line({ id: 2, name: 'Mayo Scissors', modelNumber: 'SS-202', unitPriceCents: 2_400, quantity: 3, saleQuantity: 1, salePriceCents: 1_900 }),
      ],
      subtotalCents: 8_550,
    }));
    expect(mail.text).toContain('Kelly Hemostat — 18 cm (SS-101): 1 × $18.50 each: $18.50');
    expect(mail.text).toContain('Mayo Scissors (SS-202): 3, 1 at $19.00 and the rest at $24.00 each: $67.00');
    expect(mail.text).toContain('Subtotal: $85.50');
    expect(mail.link).toBe('http://shop.test/cart');
  });

  it('offers a fixed-amount code with its minimum, and nothing without one', () => {
    expect(cartReminderMail(letter({ promo })).text)
      .toContain('Use the code HOSPITAL50 at checkout for $50.00 off.\nThe code applies to orders of $1,000.00 or more.');
    expect(cartReminderMail(letter()).html).not.toContain('code');
  });

  it('is in Urdu, right to left, for a buyer who reads Urdu', () => {
    const mail = cartReminderMail(letter({ to: { email: 'a@example.com', firstName: 'Ayesha', language: 'ur' } }));
    expect(mail.subject).toBe('سیالکوٹ سرجیکل: آپ کا کارٹ آپ کا منتظر ہے');
    expect(mail.text).toContain('اپنے کارٹ پر واپس جائیں: http://shop.test/cart');
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
  });
});
