import { describe, expect, it } from 'vitest';
import { reviewMail } from './organisation-mail.ts';

const deps = { publicUrl: 'http://shop.test' };

describe('reviewMail', () => {
  it('tells the buyer in their language: English as before, Arabic right to left', async () => {
    expect(reviewMail(deps, { email: 'en@clinic.example', firstName: 'Sara', language: 'en' }, 'Services Hospital', { kind: 'verified' }).subject).toBe('Sialkot Surgical: Services Hospital is verified');

    const mail = reviewMail(deps, { email: 'ar@clinic.example', firstName: 'Sara', language: 'ar' }, 'Services Hospital',
      { kind: 'rejected', reason: 'Licence number not found' });
    expect(mail.subject).toBe('سيالكوت سرجيكال: تعذّر التحقق من \u2068Services Hospital\u2069');
    expect(mail.text).toContain('السبب: \u2068Licence number not found\u2069');
    expect(mail.text).toContain('حسابك التجاري: http://shop.test/profile/settings?tab=billing');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});
