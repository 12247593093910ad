import { useTranslation } from 'react-i18next';
import { useId, useRef, useState, type CSSProperties, type ToggleEvent } from 'react';
import { Globe } from 'lucide-react';
import { cx } from '../lib/class-names.ts';
import { CURRENCIES, useCurrency } from './currency-store.ts';
import { LOCALES, useLocale } from './locale-store.ts';
import { LANGUAGE_NAMES } from './language-names.ts';
import { useChoosePreference } from './preferences.ts';

const selectClasses =
  'h-9 rounded-lg border border-slate-300 bg-white ps-2 pe-7 text-sm font-medium text-slate-800 hover:border-slate-400 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200';

/** Language and currency pickers with visible labels, side by side (the mobile menu and the top bar's popover). */
export function PreferenceSwitcher({ className }: { className?: string }) {
  const locale = useLocale();
  const currency = useCurrency();
  const { t: text } = useTranslation('preferences');
  const { chooseLanguage, chooseCurrency } = useChoosePreference();
  const id = useId();

  return (
    <div className={cx('grid grid-cols-2 gap-3', className)}>
      <div className="space-y-1">
        <label htmlFor={`${id}-language`} className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
          <Globe aria-hidden="true" className="h-4 w-4 text-brand-700" />
          {text('language')}
        </label>
        <select
          id={`${id}-language`}
          value={locale}
          onChange={(event) => chooseLanguage(event.target.value as typeof locale)}
          className={cx(selectClasses, 'w-full')}
        >
          {LOCALES.map((value) => (
            <option key={value} value={value} lang={value}>{LANGUAGE_NAMES[value]}</option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-currency`} className="block text-sm font-medium text-slate-700">
          {text('currency')}
        </label>
        <select
          id={`${id}-currency`}
          value={currency}
          onChange={(event) => chooseCurrency(event.target.value as typeof currency)}
          className={cx(selectClasses, 'w-full')}
        >
          {CURRENCIES.map((value) => <option key={value} value={value}>{value}</option>)}
        </select>
      </div>
    </div>
  );
}

/**
 * The top bar's small globe button ('EN · USD' on wide screens, the globe alone otherwise) opening both pickers in a popover, so they take no room from the
 * search box. The native popover gives Escape and click-outside closing; it is placed under the button on opening.
 */
export function PreferenceMenu({ className }: { className?: string }) {
  const locale = useLocale();
  const currency = useCurrency();
  const { t: text } = useTranslation('preferences');
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<CSSProperties>();

  function placeUnderButton(event: ToggleEvent<HTMLDivElement>) {
    const rect = button.current?.getBoundingClientRect();
    if (event.newState !== 'open' || !rect) return;
    const rtl = getComputedStyle(button.current!).direction === 'rtl';
    setPlace({ top: rect.bottom + 8, ...(rtl ? { left: rect.left } : { right: window.innerWidth - rect.right }) });
  }

  return (
    <div className={className}>
      <button
        ref={button}
        type="button"
        popoverTarget={panelId}
        title={text('languageAndCurrency')}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-xs font-semibold whitespace-nowrap text-slate-700 uppercase hover:border-slate-400 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none"
      >
        <Globe aria-hidden="true" className="h-4 w-4 text-slate-500" />
        <span dir="ltr" className="hidden xl:inline">{locale} · {currency}</span>
        {/* Named by what it shows, then what it is for, so the name a voice user reads off the button works. */}
        <span className="sr-only normal-case">{text('languageAndCurrency')}</span>
      </button>
      <div
        id={panelId}
        popover="auto"
        onBeforeToggle={placeUnderButton}
        style={place}
        className="fixed inset-auto m-0 w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
      >
        <PreferenceSwitcher />
      </div>
    </div>
  );
}
