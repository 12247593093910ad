import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Banknote, CreditCard, FileText, Landmark, Smartphone } from 'lucide-react';
import type { CheckoutMethod } from '#contracts/payment';
import { cx } from '../lib/class-names.ts';
import { methodLabel } from './method-label.ts';

const METHOD_INFO: Record<CheckoutMethod, { icon: typeof CreditCard; detail: (t: TFunction<'checkout'>) => string }> = {
  jazzcash: { icon: Smartphone, detail: (t) => t('walletDetail') },
  easypaisa: { icon: Smartphone, detail: (t) => t('walletDetail') },
  hbl_pay: { icon: Landmark, detail: (t) => t('bankDetail') },
  credit_card: { icon: CreditCard, detail: (t) => t('cardDetail') },
  invoice: { icon: FileText, detail: (t) => t('invoiceDetail') },
  cash_on_delivery: { icon: Banknote, detail: (t) => t('codDetail') },
};

export function PaymentMethodPicker({ value, onChange, methods }: {
  value: CheckoutMethod | null;
  onChange: (method: CheckoutMethod) => void;
  methods: readonly CheckoutMethod[];
}) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{t('chooseMethod')}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {methods.map((method) => {
          const { icon: Icon, detail } = METHOD_INFO[method];
          const checked = value === method;
          return (
            <label
              key={method}
              className={cx(
                'relative flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
                checked ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 bg-white hover:border-brand-300',
              )}
            >
              <input type="radio" name="payment-method" value={method} checked={checked} onChange={() => onChange(method)} className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0" />
              <span className={cx('flex h-10 w-10 shrink-0 items-center justify-center rounded-lg', checked ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600')}>
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{methodLabel(method, t)}</span>
                <span className="block text-xs text-slate-600">{detail(t)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
