import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestMailer } from '../test/test-mailer.ts';
import { sendReviewMail } from './organisation-mail.ts';

const mailer = createTestMailer();
const deps = { mailer, publicUrl: 'http://shop.test', log: {} as FastifyBaseLogger };

describe('sendReviewMail', () => {
  it('tells the buyer in their language: English as before, Arabic right to left', async () => {
    await sendReviewMail(deps, { email: 'en@clinic.example', firstName: 'Sara', language: 'en' }, 'Services Hospital', { kind: 'verified' });
    expect(mailer.lastTo('en@clinic.example')!.subject).toBe('Sialkot Surgical: Services Hospital is verified');

    await sendReviewMail(deps, { email: 'ar@clinic.example', firstName: 'Sara', language: 'ar' }, 'Services Hospital',
      { kind: 'rejected', reason: 'Licence number not found' });
    const mail = mailer.lastTo('ar@clinic.example')!;
    expect(mail.subject).toBe('سيالكوت سرجيكال: تعذّر التحقق من \u2068Services Hospital\u2069');
    expect(mail.text).toContain('السبب: \u2068Licence number not found\u2069');
    expect(mail.text).toContain('حسابك التجاري: http://shop.test/profile/settings?tab=billing');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});
