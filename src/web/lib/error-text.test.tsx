import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '#contracts/errors';
import english from '../locales/en/errors.json';
import { setLocale } from '../i18n/locale-store.ts';
import { ApiError } from './api.ts';
import { useErrorText } from './error-text.ts';

/** What the server says in English; no text the visitor reads may contain it. */
const SERVER_ENGLISH = 'The server said this in English';

function errorText(locale: 'en' | 'ur' | 'ar' = 'en') {
  act(() => setLocale(locale));
  const { result } = renderHook(() => useErrorText());
  return (error: unknown) => {
    const text = result.current(error);
    expect(text).not.toContain(SERVER_ENGLISH);
    return text;
  };
}

const refused = (status: number, options: ConstructorParameters<typeof ApiError>[3] = {}, fieldErrors?: Record<string, string[]>) =>
  new ApiError(status, SERVER_ENGLISH, fieldErrors, options);

afterEach(() => vi.restoreAllMocks());

describe('useErrorText', () => {
  it('has a text for every error code', () => {
    const keys = Object.keys(english).map((key) => key.replace(/_(one|other)$/, ''));
    expect(ERROR_CODES.filter((code) => !keys.includes(code))).toEqual([]);
  });

  it("writes an error code's text with the values the server sent, formatted for the language", () => {
    const stock = refused(409, { code: 'INSUFFICIENT_STOCK', params: { name: 'Mayo Scissors', available: 3 } });
    expect(errorText()(stock)).toBe('Only 3 of Mayo Scissors available.');
    expect(errorText('ar')(stock)).toBe('المتوفر من Mayo Scissors هو ٣ فقط.');
    expect(errorText()(refused(409, { code: 'QUANTITY_LIMIT', params: { max: 1000 } }))).toBe('At most 1,000 of one product per order.');
    expect(errorText()(refused(400, { code: 'PROMO_MIN_SUBTOTAL', params: { amount: 12.5 } }))).toBe('Add $12.50 more to use this code.');
    expect(errorText()(refused(400, { code: 'PROMO_EXPIRED', params: { date: '2025-01-31T12:00:00.000Z' } })))
      .toBe('This promo code expired on Jan 31, 2025.');
    expect(errorText()(refused(409, { code: 'AMOUNT_MISMATCH', params: { amount: 111147, currency: 'PKR' } })))
      .toBe('The order total is now PKR 111,147.00. Please review it and pay again.');
    expect(errorText()(refused(409, { code: 'CATEGORY_NOT_EMPTY', params: { count: 1 } }))).toBe('This category holds 1 product. Move it first.');
    expect(errorText()(refused(409, { code: 'CATEGORY_NOT_EMPTY', params: { count: 2 } }))).toBe('This category holds 2 products. Move them first.');
  });

  it("picks the variant a code's reason names, else the code's own text", () => {
    const declined = (reason: string) => refused(402, { code: 'PAYMENT_DECLINED', params: { reason } });
    expect(errorText()(declined('insufficient_funds'))).toBe('The payment was declined: there is not enough money in the account. Nothing was charged.');
    expect(errorText('ar')(declined('insufficient_funds'))).toBe('رُفضت الدفعة: لا يوجد رصيد كافٍ في الحساب. لم يُخصم أي مبلغ.');
    expect(errorText()(declined('declined'))).toBe('The payment was declined and nothing was charged. Try again or choose another payment method.');
    expect(errorText()(refused(409, { code: 'INSUFFICIENT_STOCK', params: { reason: 'quote' } })))
      .toBe('None of the products on this quote is in stock now.');
  });

  it("writes a refused field's problem by its message key, and a 400's own text when no problem has one", () => {
    const password = refused(400, { fieldIssues: { password: [{ key: 'password_too_short', params: { min: 10 } }] } },
      { password: [SERVER_ENGLISH] });
    expect(errorText()(password)).toBe('Password must be at least 10 characters long');
    expect(errorText('ur')(password)).toBe('پاس ورڈ کم از کم 10 حروف کا ہونا چاہیے۔');
    const unkeyed = refused(400, { fieldIssues: { name: [{ key: 'invalid' }] } }, { name: [SERVER_ENGLISH] });
    expect(errorText()(unkeyed)).toBe('Some of the details were not accepted. Check them and try again.');
  });

  it('says what the status means when there is no code', () => {
    const text = errorText();
    expect(text(refused(401))).toBe('Please sign in to continue.');
    expect(text(refused(403))).toBe('You do not have permission to do this.');
    expect(text(refused(404))).toBe('This could not be found: it may have been removed.');
    expect(text(refused(409))).toBe('This has changed meanwhile. Reload the page and try again.');
    expect(text(refused(413))).toBe('This is too large to upload.');
    expect(text(refused(422))).toBe('This request could not be processed. Reload the page and try again.');
    expect(text(refused(429))).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(text(refused(500))).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(text(refused(503))).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(text(refused(418))).toBe('Something went wrong. Please try again.');
    expect(errorText('ar')(refused(429))).toBe('محاولات كثيرة جدًا. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.');
  });

  it('tells a lost connection from being offline, and anything else from both', () => {
    const text = errorText();
    expect(text(new TypeError('Failed to fetch'))).toBe('The shop could not be reached. Check your connection and try again.');
    expect(text(new Error(SERVER_ENGLISH))).toBe('Something went wrong. Please try again.');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(text(new TypeError('Failed to fetch'))).toBe('You are offline. Check your connection and try again.');
  });
});
