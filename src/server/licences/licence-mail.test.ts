import { describe, expect, it } from 'vitest';
import { licenceRejectedMail, licenceReminderMail, licenceVerifiedMail } from './licence-mail.ts';

const licence = { licenceNumber: 'PMC-55-1234', expiresOn: '2026-03-05' };
const to = (language: 'en' | 'ur' | 'ar') => ({ email: 'a@example.com', firstName: 'Bilal', language });
const LINK = 'http://shop.test/profile/licences';

describe('licence mails', () => {
  it('English: as before', () => {
    expect(licenceReminderMail(to('en'), licence, 7, LINK).subject).toBe('Sialkot Surgical: your licence expires in 7 days');
    expect(licenceReminderMail(to('en'), licence, 1, LINK).subject).toBe('Sialkot Surgical: your licence expires in 1 day');
    expect(licenceReminderMail(to('en'), licence, 7, LINK).text).toContain('Your licence PMC-55-1234 expires on 2026-03-05.');
    expect(licenceVerifiedMail(to('en'), licence, LINK).text).toContain('It is valid through 2026-03-05, and you can now order');
  });

  it('in the owner\'s language, with the day spelled out', () => {
    const urdu = licenceReminderMail(to('ur'), licence, 30, LINK);
    expect(urdu.subject).toBe('سیالکوٹ سرجیکل: آپ کا لائسنس 30 دن میں ختم ہو رہا ہے');
    expect(urdu.text).toContain('آپ کا لائسنس \u2068PMC-55-1234\u2069 \u20685 مارچ، 2026\u2069 کو ختم ہو رہا ہے۔');
    expect(urdu.text).toContain(`آپ کے لائسنس: ${LINK}`);
    const arabic = licenceRejectedMail(to('ar'), licence, 'The scan is unreadable.', LINK);
    expect(arabic.subject).toBe('سيالكوت سرجيكال: تعذّر التحقق من ترخيصك');
    expect(arabic.text).toContain('تعذّر التحقق من ترخيصك \u2068PMC-55-1234\u2069: \u2068The scan is unreadable.\u2069');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
  });
});
