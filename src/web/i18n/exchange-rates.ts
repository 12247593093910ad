import { useEffect, useSyncExternalStore } from 'react';
import { type ExchangeRates, getExchangeRates } from '#contracts/exchange-rates';
import { apiFetch } from '../lib/api.ts';

const STORAGE_KEY = 'shop.exchange-rates';
const FRESH_MS = 3_600_000;
const RETRY_MS = 30_000;

interface Cached {
  rates: ExchangeRates;
  fetchedAt: number;
}

function readCached(): Cached | undefined {
  try {
    const cached = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Cached | null;
    return cached && typeof cached.fetchedAt === 'number' && getExchangeRates.response.safeParse(cached.rates).success
      ? cached
      : undefined;
  } catch {
    return undefined;
  }
}

let cached = readCached();
let inFlight: Promise<void> | undefined;
let lastAttempt = 0;
/** Whether this page load has fetched the rates: a copy from an earlier visit is shown, but asked for again once. */
let fetchedThisLoad = false;
const listeners = new Set<() => void>();

/**
 * Fetches the rates once per page load (staff may have changed one since the held copy), then again only once the copy
 * is an hour old, or at once with `force`; failures are retried no more than every 30 s.
 */
export function refreshExchangeRates({ now = Date.now(), force = false }: { now?: number; force?: boolean } = {}): Promise<void> {
  if (inFlight) return inFlight;
  if (!force && fetchedThisLoad && cached && now - cached.fetchedAt < FRESH_MS) return Promise.resolve();
  if (!force && now - lastAttempt < RETRY_MS) return Promise.resolve();
  lastAttempt = now;
  inFlight = apiFetch(getExchangeRates)
    .then((rates) => {
      cached = { rates, fetchedAt: Date.now() };
      fetchedThisLoad = true;
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(cached));
      } catch {
        // Without storage the rates are simply fetched again on the next visit.
      }
      for (const listener of listeners) listener();
    })
    .catch(() => {
      // Prices stay in dollars (or at the last known rates) until a later attempt succeeds.
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** Forgets the held rates; for tests. */
export function resetExchangeRates() {
  cached = undefined;
  lastAttempt = 0;
  fetchedThisLoad = false;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => cached?.rates;

/**
 * The shop's rates. The copy from an earlier visit shows converted prices at once; it is fetched afresh only while some
 * price needs converting, so a visitor paying in dollars never asks for it.
 */
export function useExchangeRates(needed: boolean): ExchangeRates | undefined {
  useEffect(() => {
    if (needed) void refreshExchangeRates();
  }, [needed]);
  return useSyncExternalStore(subscribe, snapshot, () => undefined);
}
