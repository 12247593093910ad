import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import type { Currency } from '#contracts/exchange-rates';
import { useFormat } from './use-format.ts';

/**
 * Said before paying whenever the shop shows prices in another currency than the one the payment method
 * charges, so the buyer knows the exact amount that leaves their account.
 */
export function ChargeCurrencyNote({ currency, total }: { currency: Currency; total: number }) {
  const f = useFormat();
  const { t: text } = useTranslation('preferences');
  if (f.currency === currency) return null;
  return (
    <p role="note" className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text('chargedIn', { shown: f.currency, charged: currency, amount: f.money(total, currency) })}</span>
    </p>
  );
}
