import { describe, expect, it } from 'vitest';
import { backInStockMail } from './back-in-stock-mail.ts';

describe('backInStockMail', () => {
  it('is in the subscriber\'s language: English as before, Urdu right to left', () => {
    const english = backInStockMail({ email: 'a@example.com', firstName: 'Ayesha', language: 'en' }, 'Mayo Scissors', 'http://shop.test/p');
    expect(english.subject).toBe('Sialkot Surgical: Mayo Scissors is back in stock');
    expect(english.text).toBe('Dear Ayesha,\n\nMayo Scissors is back in stock. You asked us to let you know: this is the only message we send about it.'
      + '\n\nView the product: http://shop.test/p\n\n— Sialkot Surgical\n');

    const urdu = backInStockMail({ email: 'a@example.com', firstName: 'Ayesha', language: 'ur' }, 'Mayo Scissors', 'http://shop.test/p');
    expect(urdu.subject).toBe('سیالکوٹ سرجیکل: \u2068Mayo Scissors\u2069 دوبارہ اسٹاک میں دستیاب ہے');
    expect(urdu.text).toContain('پروڈکٹ دیکھیں: http://shop.test/p');
    expect(urdu.html).toContain('<html lang="ur" dir="rtl">');
  });
});
