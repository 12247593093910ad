import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import type { Resource } from 'i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import { setCurrency } from '../i18n/currency-store.ts';
import { resetExchangeRates } from '../i18n/exchange-rates.ts';
import { startI18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';

// Every catalogue at once, so that no test waits for one to load.
const catalogues = import.meta.glob<{ default: Record<string, string> }>('../locales/*/*.json', { eager: true });
const resources: Resource = {};
for (const [file, catalogue] of Object.entries(catalogues)) {
  const [, language, namespace] = /\/(\w+)\/([\w-]+)\.json$/.exec(file)!;
  (resources[language] ??= {})[namespace] = catalogue.default;
}
await startI18n(resources);

// A screen's first query waits behind other test files on a loaded two-core runner: findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

// Test files share their modules (the project runs unisolated): every visitor choice, stubbed global and mock's
// record starts over after each test.
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  resetChoices();
});
// An answer a finished test was still waiting for (a signed-in user's preferred currency) may land after it ended.
beforeEach(resetChoices);

function resetChoices() {
  setLocale('en');
  setCurrency('USD');
  resetExchangeRates();
  localStorage.clear();
  sessionStorage.clear();
}
