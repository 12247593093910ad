import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An unverified account whose profile asks for `language`. */
async function accountIn(email: string, language: 'en' | 'ur' | 'ar') {
  const { headers } = await createTestUser(t.database.db, { email, isVerified: false });
  const updated = await t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers, payload: { preferences: { language } } });
  expect(updated.statusCode).toBe(200);
  return headers;
}
const resend = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend/', headers });

describe('account mails in the reader\'s language', () => {
  it('English: the verification mail reads as it always has', async () => {
    expect((await t.app.inject({
      method: 'POST', url: '/api/auth/register/', payload: individualRegistration({ email: 'dr.english@example.com' }), remoteAddress: nextIp(),
    })).statusCode).toBe(201);
    const mail = t.mailer.lastTo('dr.english@example.com')!;
    expect(mail.subject).toBe('Sialkot Surgical: Verify your email address');
    expect(mail.text).toBe([
      'Dear Ayesha,', '',
      'Thank you for creating an account with Sialkot Surgical. Please confirm that this is your email address.', '',
      `Verify my email address: ${mail.link}`, '',
      'This link is valid for 24 hours and can be used once.',
      'If you did not create this account, you can ignore this message.', '',
      'Sialkot Surgical', '',
    ].join('\n'));
    expect(mail.html).toContain('<html lang="en"><body');
    expect(mail.html).toContain('Or paste this address into your browser:');
  });

  it('Urdu: a user who chose Urdu gets the verification mail in Urdu, right to left, with the same link', async () => {
    await resend(await accountIn('dr.urdu@example.com', 'ur'));
    const mail = t.mailer.lastTo('dr.urdu@example.com')!;
    expect(mail.subject).toBe('سیالکوٹ سرجیکل: اپنے ای میل ایڈریس کی تصدیق کریں');
    expect(mail.link).toMatch(/^http:\/\/shop\.test\/verify-email\?token=/);
    expect(mail.text).toContain('محترم \u2068Test\u2069،');
    expect(mail.text).toContain('یہ لنک 24 گھنٹے تک کارآمد ہے اور صرف ایک بار استعمال کیا جا سکتا ہے۔');
    expect(mail.text).toContain(`میرے ای میل ایڈریس کی تصدیق کریں: ${mail.link}`);
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
    expect(mail.html).toContain(`href="${mail.link}"`);
    expect(mail.text).not.toMatch(/Verify|Dear/);
  });

  it('Arabic: the password reset mail follows the profile\'s language', async () => {
    await accountIn('dr.arabic@example.com', 'ar');
    await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: 'dr.arabic@example.com' }, remoteAddress: nextIp() });
    const mail = t.mailer.lastTo('dr.arabic@example.com')!;
    expect(mail.subject).toBe('سيالكوت سرجيكال: إعادة تعيين كلمة المرور');
    expect(mail.text).toContain('هذا الرابط صالح لمدة ساعة واحدة ولا يُستخدم إلا مرة واحدة.');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});
