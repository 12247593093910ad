import { CURRENCIES } from '#contracts/auth';
import type { Currency } from '#contracts/exchange-rates';
import { createPersistedChoice, type PersistedChoice } from './persisted-choice.ts';

export { CURRENCIES, type Currency };

/** Catalogue prices are in US dollars, so that is what a first visit shows. */
const store = createPersistedChoice<Currency>('shop.currency', CURRENCIES, 'USD');

export const isCurrency = store.is;

/** The stored currency and the one a server-rendered page was rendered in, reconciled at start-up. */
export const currencyChoice: PersistedChoice<Currency> = store;

export function getCurrency(): Currency {
  return store.get();
}

/** Every price on screen switches at once; the choice survives a reload. */
export function setCurrency(currency: Currency) {
  store.set(currency);
}

export function useCurrency(): Currency {
  return store.use();
}
