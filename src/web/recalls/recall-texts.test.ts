import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';

const COUNTS = [1, 2, 3, 11, 100];
const t = (language: string) => i18n.getFixedT(language, 'recalls');
const counted = (language: string, key: 'bannerText' | 'openedText' | 'progress') =>
  COUNTS.map((count) => t(language)(key, { order: 'SS-1', count, notified: count, acknowledged: 1, returned: 0 }));

describe('recall texts', () => {
  it('give the banner’s units their plural form in each language', () => {
    expect(counted('en', 'bannerText')).toEqual([
      'Order SS-1 included 1 recalled unit. Stop using it and set it aside.',
      ...[2, 3, 11, 100].map((n) => `Order SS-1 included ${n} recalled units. Stop using them and set them aside.`),
    ]);
    expect(counted('ur', 'bannerText')).toEqual([
      'آرڈر SS-1 میں واپس طلب کیا گیا 1 یونٹ شامل تھا۔ اسے استعمال کرنا بند کریں اور الگ رکھ دیں۔',
      ...[2, 3, 11, 100].map((n) => `آرڈر SS-1 میں واپس طلب کیے گئے ${n} یونٹ شامل تھے۔ انہیں استعمال کرنا بند کریں اور الگ رکھ دیں۔`),
    ]);
    expect(counted('ar', 'bannerText')).toEqual([
      'احتوى الطلب SS-1 على وحدة واحدة مسحوبة. توقّف عن استخدامها وضعها جانبًا.',
      'احتوى الطلب SS-1 على وحدتين مسحوبتين. توقّف عن استخدامهما وضعهما جانبًا.',
      'احتوى الطلب SS-1 على ٣ وحدات مسحوبة. توقّف عن استخدامها وضعها جانبًا.',
      'احتوى الطلب SS-1 على ١١ وحدةً مسحوبةً. توقّف عن استخدامها وضعها جانبًا.',
      'احتوى الطلب SS-1 على ١٠٠ وحدة مسحوبة. توقّف عن استخدامها وضعها جانبًا.',
    ]);
  });

  it('count the orders a recall reached in words that agree with the number', () => {
    expect(counted('en', 'openedText')).toEqual([
      '1 affected order was notified.',
      ...[2, 3, 11, 100].map((n) => `${n} affected orders were notified.`),
    ]);
    expect(counted('ur', 'openedText')).toEqual([
      '1 متاثرہ آرڈر کو اطلاع دی گئی۔',
      ...[2, 3, 11, 100].map((n) => `${n} متاثرہ آرڈرز کو اطلاع دی گئی۔`),
    ]);
    expect(counted('ar', 'openedText')).toEqual([
      'تم إشعار طلب متأثر واحد.', 'تم إشعار طلبين متأثرين.', 'تم إشعار ٣ طلبات متأثرة.', 'تم إشعار ١١ طلبًا متأثرًا.', 'تم إشعار ١٠٠ طلب متأثر.',
    ]);
  });

  it('give each of a recall’s figures a form that reads right whatever the number', () => {
    expect(counted('en', 'progress').slice(0, 2)).toEqual([
      '1 order · 1 notified · 1 acknowledged · 0 returned',
      '2 orders · 2 notified · 1 acknowledged · 0 returned',
    ]);
    expect(counted('ur', 'progress').slice(0, 2)).toEqual([
      '1 آرڈر · 1 کو اطلاع · 1 تصدیق شدہ · 0 واپس',
      '2 آرڈرز · 2 کو اطلاع · 1 تصدیق شدہ · 0 واپس',
    ]);
    expect(counted('ar', 'progress')).toEqual([
      'طلب واحد · المُشعَرة: ١ · المؤكَّدة: ١ · المُرجَعة: ٠',
      'طلبان · المُشعَرة: ٢ · المؤكَّدة: ١ · المُرجَعة: ٠',
      '٣ طلبات · المُشعَرة: ٣ · المؤكَّدة: ١ · المُرجَعة: ٠',
      '١١ طلبًا · المُشعَرة: ١١ · المؤكَّدة: ١ · المُرجَعة: ٠',
      '١٠٠ طلب · المُشعَرة: ١٠٠ · المؤكَّدة: ١ · المُرجَعة: ٠',
    ]);
  });

  it('read whole without a lot’s expiry or a recall’s opener', () => {
    const lines = (language: string) => [
      t(language)('lotLine', { lot: 'L1', expiry: '2027-03-01', units: 1200 }),
      t(language)('lotLineUndated', { lot: 'L1', units: 1200 }),
      t(language)('openedOn', { date: '1 Mar' }),
      t(language)('openedOnBy', { date: '1 Mar', by: 'Sana' }),
    ];
    expect(lines('en')).toEqual(['L1 · expires 2027-03-01 · 1,200 in stock', 'L1 · 1,200 in stock', 'Opened 1 Mar', 'Opened 1 Mar by Sana']);
    expect(lines('ur')).toEqual(['L1 · میعاد 2027-03-01 · اسٹاک میں 1,200', 'L1 · اسٹاک میں 1,200', '1 Mar کو شروع کی گئی', '1 Mar کو Sana نے شروع کی']);
    expect(lines('ar')).toEqual(['L1 · تنتهي 2027-03-01 · ١٬٢٠٠ في المخزون', 'L1 · ١٬٢٠٠ في المخزون', 'فُتحت في 1 Mar', 'فُتحت في 1 Mar بواسطة Sana']);
  });
});
