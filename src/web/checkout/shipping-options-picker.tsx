import { useTranslation } from 'react-i18next';
import { AlertTriangle, Truck } from 'lucide-react';
import type { Carrier, ShippingOption, ShippingOptions } from '#contracts/shipping';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { cx } from '../lib/class-names.ts';

const CARRIER_NAMES: Record<Carrier, string | null> = {
  tcs: 'TCS', leopards: 'Leopards', postex: 'PostEx', dhl_express: 'DHL Express', other: null,
};

/** '3–5 business days', or '2 business days' when the method names one figure. */
export function useDeliveryDays() {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  return ({ days_min: min, days_max: max }: Pick<ShippingOption, 'days_min' | 'days_max'>) => (min === max
    ? t('deliveryDaysExact', { count: max, days: f.number(max) })
    : t('deliveryDaysRange', { count: max, min: f.number(min), max: f.number(max) }));
}

/**
 * The shipping options for the address as a choice of one, cheapest first, each with its carrier, delivery days and
 * price; where nothing ships, why (and checkout cannot go on).
 */
export function ShippingOptionsPicker({ answer, loading, chosen, country, onChoose }: {
  answer: ShippingOptions | undefined;
  loading: boolean;
  chosen: ShippingOption | null;
  /** The address's country, named in the visitor's language. */
  country: string;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  const days = useDeliveryDays();
  return (
    <fieldset aria-busy={loading}>
      <legend className="text-base font-bold text-slate-900">{t('shippingMethod')}</legend>
      {!answer ? (
        loading ? <Skeleton className="mt-3 h-16" /> : <p className="mt-2 text-sm text-slate-600">{t('shippingMethodHint')}</p>
      ) : answer.options.length === 0 ? (
        <p role="alert" className="mt-3 flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{answer.zone ? t('shippingTooHeavy', { country }) : t('shippingNoZone', { country })}</span>
        </p>
      ) : (
        <div className="mt-3 space-y-2">
          {answer.options.map((option) => {
            const carrier = CARRIER_NAMES[option.carrier];
            const selected = chosen?.id === option.id;
            const free = Number(option.price) === 0;
            return (
              <label
                key={option.id}
                className={cx(
                  'relative flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300 sm:p-4',
                  selected ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 bg-white hover:border-brand-300',
                )}
              >
                <input type="radio" name="shipping-option" value={option.id} checked={selected} onChange={() => onChoose(option.id)}
                  className="h-4 w-4 shrink-0 accent-brand-700" />
                <Truck aria-hidden="true" className={cx('hidden h-5 w-5 shrink-0 sm:block', selected ? 'text-brand-700' : 'text-slate-500')} />
                <span className="min-w-0 flex-1">
                  <DataText className="block font-semibold text-slate-900">{option.name}</DataText>
                  <span className="block text-xs text-slate-600">
                    {carrier && <DataText>{carrier}</DataText>}{carrier && ' · '}{days(option)}
                  </span>
                </span>
                <span className="shrink-0 text-end">
                  <span className={cx('block font-bold', free ? 'text-emerald-700' : 'text-slate-900')}>{free ? t('freeShipping') : f.price(option.price)}</span>
                  {!free && <span className="block text-xs text-slate-500">{f.money(option.price_pkr, 'PKR')}</span>}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
