import { describe, expect, it } from 'vitest';
import { recallMail, type RecallLetter } from './recall-mail.ts';

const notice = (overrides: Partial<RecallLetter>): RecallLetter => ({
  email: 'buyer@example.com', firstName: 'Ayesha', language: 'en', orderNumber: 'SS-2026-0001', productName: 'Mayo Scissors',
  variantLabel: '', lotNumbers: ['L-100'], quantity: 1, reason: 'Blade may crack', ...overrides,
});

describe('recallMail', () => {
  it('English: units and lots counted as before', () => {
    expect(recallMail(notice({}), 'http://shop.test/orders').text)
      .toContain('Mayo Scissors, lot L-100, is being recalled. Your order SS-2026-0001 included 1 unit from this lot.');
    expect(recallMail(notice({ quantity: 3, lotNumbers: ['L-100', 'L-101'] }), 'http://shop.test/orders').text)
      .toContain('lot L-100, L-101, is being recalled. Your order SS-2026-0001 included 3 units from these lots.');
  });

  it('names the variant next to the product', () => {
    const mail = recallMail(notice({ variantLabel: '18 cm · Curved' }), 'http://shop.test/orders');
    expect(mail.text).toContain('Mayo Scissors (18 cm · Curved), lot L-100, is being recalled.');
    expect(mail.subject).toContain('Mayo Scissors (18 cm · Curved)');
  });

  it('Arabic: the notice with Arabic plural forms for units and lots, right to left, in red', () => {
    const mail = recallMail(notice({ language: 'ar', quantity: 2, lotNumbers: ['L-100', 'L-101'] }), 'http://shop.test/orders');
    expect(mail.subject).toBe('سيالكوت سرجيكال: إشعار سحب للطلب \u2068SS-2026-0001\u2069: \u2068Mayo Scissors\u2069');
    expect(mail.text).toContain('تضمّن طلبك \u2068SS-2026-0001\u2069 وحدتين من \u2068هاتين الدفعتين\u2069.');
    expect(mail.text).toContain('السبب: \u2068Blade may crack\u2069');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('color: #b91c1c">\u2068سيالكوت سرجيكال\u2069: إشعار سحب منتج</h1>');
  });
});
