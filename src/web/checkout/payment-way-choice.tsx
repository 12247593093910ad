import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ExternalLink, Keyboard, Smartphone } from 'lucide-react';
import type { PaymentMethod } from '#contracts/payment';
import { cx } from '../lib/class-names.ts';
import { methodLabel } from './method-label.ts';
import type { PaymentWay } from './payment-details.ts';

/** Paying on the gateway's own page, named by its brand (a card's gateway has none the buyer would know). */
export function gatewayPageLabel(method: PaymentMethod, t: TFunction<'checkout'>): string {
  return method === 'credit_card' ? t('wayHostedCard') : t('wayHosted', { gateway: methodLabel(method, t) });
}

/** Typing the details here, approving in the wallet's app, or paying on the gateway's page, where the method allows more than one. */
export function PaymentWayChoice({ method, ways, value, onChange }: {
  method: PaymentMethod;
  ways: readonly PaymentWay[];
  value: PaymentWay;
  onChange: (way: PaymentWay) => void;
}) {
  const { t } = useTranslation('checkout');
  if (ways.length < 2) return null;
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('payHow')}</legend>
      <div className={cx('grid gap-2', ways.length > 2 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {ways.map((way) => {
          const checked = value === way;
          const Icon = way === 'hosted' ? ExternalLink : way === 'phone' ? Smartphone : Keyboard;
          return (
            <label
              key={way}
              className={cx(
                'relative flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
                checked ? 'border-brand-600 bg-brand-50 text-slate-900 ring-1 ring-brand-600' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-300',
              )}
            >
              <input type="radio" name="payment-way" value={way} checked={checked} onChange={() => onChange(way)} className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0" />
              <Icon aria-hidden="true" className={cx('h-4 w-4 shrink-0', checked ? 'text-brand-700' : 'text-slate-500')} />
              {way === 'hosted' ? gatewayPageLabel(method, t) : way === 'phone' ? t('wayPhone', { gateway: methodLabel(method, t) }) : t('wayTyped')}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
