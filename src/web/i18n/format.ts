import { INTL_LOCALES } from '#contracts/auth';
import type { Currency, ExchangeRates } from '#contracts/exchange-rates';
import { centsToNumber, convertUsdCents, dollarsToCents, PKR_STEP } from '#contracts/money';
import type { Locale } from './locale-store.ts';


/** Minor units a converted price is rounded to: rupees whole (the amount charged), dollars and euros to the cent. */
const DISPLAY_STEP: Record<Currency, number> = { PKR: PKR_STEP, USD: 1, EUR: 1 };
/** Digits a converted catalogue price keeps. */
const DISPLAY_DIGITS: Record<Currency, number> = { PKR: 0, USD: 2, EUR: 2 };

export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale];
}

// Building an Intl formatter costs far more than using one, and a page formats hundreds of prices and dates.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, format = new Intl.NumberFormat(INTL_LOCALES[locale], options));
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, format = new Intl.DateTimeFormat(INTL_LOCALES[locale], options));
  return format;
}

/**
 * Builds the formatters a page first uses. The first formatter of a language loads that language's data, which holds
 * a phone's main thread for tens of milliseconds: done apart, before the page's first render, it is not part of it.
 */
export function prepareFormats(locale: Locale): void {
  numberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  dateFormat(locale, SHORT_DATE);
}

/**
 * Inside right-to-left text an amount keeps its own order only when isolated (FSI … PDI): after an Urdu word,
 * '$11.99' would otherwise read '11.99$'.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;

function formatCurrency(amount: number, currency: Currency, locale: Locale, digits: number): string {
  const text = numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(amount);
  // An ordinary space after the code keeps English amounts such as 'PKR 50,213.55' plain text.
  if (locale === 'en') return text.replace(/\u00a0/g, ' ');
  // Arabic's 'US$' ends its right-to-left amount, where the '$' would come apart from 'US' ('$US'): a left-to-right
  // mark after it keeps the symbol whole.
  return isolate(text.replace(/US\$/, 'US$\u200e'));
}

/**
 * A US-dollar amount in `currency`, rounded half up to the digits that currency is shown with (for rupees, exactly
 * what the checkout charges); undefined when the shop has no rate for it.
 */
export function convertUsd(usd: number | string, currency: Currency, rates: ExchangeRates | undefined): number | undefined {
  const cents = dollarsToCents(Number(usd));
  if (currency === 'USD') return centsToNumber(cents);
  const rate = rates?.rates[currency];
  if (!rate) return undefined;
  return centsToNumber(convertUsdCents(cents, rate, DISPLAY_STEP[currency]));
}

/** A catalogue price (USD) in the visitor's currency; in dollars while the shop has no rate for that currency. */
export function formatPrice(usd: number | string, locale: Locale, currency: Currency, rates: ExchangeRates | undefined): string {
  const converted = convertUsd(usd, currency, rates);
  return converted === undefined
    ? formatCurrency(centsToNumber(dollarsToCents(Number(usd))), 'USD', locale, DISPLAY_DIGITS.USD)
    : formatCurrency(converted, currency, locale, DISPLAY_DIGITS[currency]);
}

/** An exact amount already in `currency` (a charge, an order total), to the cent or paisa. */
export function formatMoney(amount: number | string, currency: Currency, locale: Locale): string {
  return formatCurrency(Number(amount), currency, locale, 2);
}

type DateInput = Date | string | number;

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60], ['minute', 60], ['hour', 24], ['day', 7], ['week', 4.35], ['month', 12], ['year', Infinity],
];

/** '3 days ago', 'in 2 hours', 'yesterday' in the visitor's language. */
export function formatRelative(value: DateInput, locale: Locale, now: Date = new Date()): string {
  let amount = (new Date(value).getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(INTL_LOCALES[locale], { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

/** 'Mar 5, 2026' in English, '٥ مارس ٢٠٢٦' in Arabic (whose medium date style is all digits). */
export const SHORT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

export function formatDate(value: DateInput, locale: Locale, options: Intl.DateTimeFormatOptions = SHORT_DATE): string {
  return dateFormat(locale, options).format(new Date(value));
}

export function formatNumber(value: number | string, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(Number(value));
}
