import { useMemo } from 'react';
import type { Currency } from '#contracts/exchange-rates';
import { useCurrency } from './currency-store.ts';
import { useExchangeRates } from './exchange-rates.ts';
import { formatDate, formatMoney, formatNumber, formatPrice, formatRelative, intlLocale, SHORT_DATE } from './format.ts';
import { type Locale, useLocale } from './locale-store.ts';

type DateInput = Date | string | number;

export interface Format {
  locale: Locale;
  /** The currency prices are shown in (the visitor's choice). */
  currency: Currency;
  /** The BCP 47 tag handed to Intl for the current language, for Intl APIs not covered here. */
  intlLocale: string;
  /** A catalogue price in US dollars, converted to the visitor's currency at the shop's rate: 'PKR 12,531', '€41.86'. */
  price: (usd: number | string) => string;
  /** An amount already in `currency`, exact (what a payment method charges, an order's recorded total). */
  money: (amount: number | string, currency: Currency) => string;
  number: (value: number | string, options?: Intl.NumberFormatOptions) => string;
  /** 17 → '17%' ('١٧٪' in Arabic). */
  percent: (value: number | string, maximumFractionDigits?: number) => string;
  /** 'Mar 5, 2025' by default; any Intl date options may be given. */
  date: (value: DateInput, options?: Intl.DateTimeFormatOptions) => string;
  /** 'Mar 5, 2025, 2:30 PM'. */
  dateTime: (value: DateInput) => string;
  /** '2:30 PM'. */
  time: (value: DateInput) => string;
  /** '3 days ago', 'in 2 hours'. */
  relative: (value: DateInput, now?: Date) => string;
}

/** Prices, numbers and dates in the visitor's language and currency; re-renders when either changes. */
export function useFormat(): Format {
  const locale = useLocale();
  const currency = useCurrency();
  const rates = useExchangeRates(currency !== 'USD');
  return useMemo(() => ({
    locale,
    currency,
    intlLocale: intlLocale(locale),
    price: (usd) => formatPrice(usd, locale, currency, rates),
    money: (amount, moneyCurrency) => formatMoney(amount, moneyCurrency, locale),
    number: (value, options) => formatNumber(value, locale, options),
    percent: (value, maximumFractionDigits = 2) =>
      formatNumber(Number(value) / 100, locale, { style: 'percent', maximumFractionDigits }),
    date: (value, options) => formatDate(value, locale, options),
    dateTime: (value) => formatDate(value, locale, { ...SHORT_DATE, hour: 'numeric', minute: '2-digit' }),
    time: (value) => formatDate(value, locale, { hour: 'numeric', minute: '2-digit' }),
    relative: (value, now) => formatRelative(value, locale, now),
  }), [locale, currency, rates]);
}
