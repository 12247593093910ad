import { describe, expect, it } from 'vitest';
import { textsFor } from './texts.ts';

const FSI = '\u2068';
const PDI = '\u2069';

describe('textsFor', () => {
  it('answers the English texts, amounts and days as the mails always printed them', () => {
    const en = textsFor('en');
    expect(en.direction).toBe('ltr');
    expect(en.mail('greeting', { name: 'Ayesha' })).toBe('Dear Ayesha,');
    expect(en.money(38_748, 'USD')).toBe('$387.48');
    expect(en.money(10_878_800, 'PKR')).toBe('PKR 108,788.00');
    expect(en.money(-2_770, 'USD')).toBe('-$27.70');
    expect(en.day('2026-03-05')).toBe('2026-03-05');
    expect(en.mail('licenceReminderSubject', { count: 1 })).toBe('your licence expires in 1 day');
    expect(en.mail('licenceReminderSubject', { count: 30 })).toBe('your licence expires in 30 days');
  });

  it('writes Arabic with Arabic-Indic digits, its plural forms and spelled-out days', () => {
    const ar = textsFor('ar');
    expect(ar.direction).toBe('rtl');
    expect(ar.money(38_748, 'USD')).toBe(`${FSI}\u200f٣٨٧٫٤٨\u00a0US$\u200e${PDI}`);
    expect(ar.day('2026-03-05')).toBe('٥ مارس ٢٠٢٦');
    expect(ar.mail('licenceReminderSubject', { count: 2 })).toBe('تنتهي صلاحية ترخيصك خلال يومين');
    expect(ar.mail('licenceReminderSubject', { count: 7 })).toBe('تنتهي صلاحية ترخيصك خلال ٧ أيام');
    expect(ar.mail('licenceReminderSubject', { count: 30 })).toBe('تنتهي صلاحية ترخيصك خلال ٣٠ يومًا');
  });

  it('isolates every value put into Urdu and Arabic text, and none in English', () => {
    expect(textsFor('ur').mail('orderShipped', { number: 'SS-2026-0001' })).toBe(`آپ کا آرڈر ${FSI}SS-2026-0001${PDI} آپ کی جانب روانہ ہو چکا ہے۔`);
    expect(textsFor('ur').money(38_748, 'USD')).toBe(`${FSI}$387.48${PDI}`);
    expect(textsFor('en').mail('orderShipped', { number: 'SS-2026-0001' })).toBe('Your order SS-2026-0001 is on its way.');
  });

  it('types keys by the English catalogue', () => {
    // @ts-expect-error: not a key of the mail catalogue
    expect(textsFor('en').mail('noSuchText')).toBe('noSuchText');
    // @ts-expect-error: an invoice key is not a mail key
    expect(textsFor('en').mail('subtotal')).toBe('subtotal');
  });
});
