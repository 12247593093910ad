import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { METHOD_CURRENCIES, type PaymentCurrency, type PaymentMethod } from '#contracts/payment';
import { TextField } from '../components/ui/text-field.tsx';
import { cx } from '../lib/class-names.ts';
import { methodLabel } from './method-label.ts';
import { fieldsFor, formatCardNumber, formatExpiry, type PaymentDetailsFormApi, type PaymentField, type PaymentWay } from './payment-details.ts';
import { PaymentWayChoice } from './payment-way-choice.tsx';

interface FieldSpec {
  placeholder?: string | ((t: TFunction<'checkout'>) => string);
  inputMode?: 'numeric' | 'text' | 'tel';
  autoComplete: string;
  secret?: boolean;
  format?: (value: string) => string;
  maxLength?: number;
}

const FIELDS: Record<PaymentField, FieldSpec> = {
  mobile: { placeholder: '03001234567', inputMode: 'tel', autoComplete: 'tel-national', maxLength: 13 },
  cnic: { placeholder: '123456', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 },
  pin: { placeholder: '••••', inputMode: 'numeric', autoComplete: 'off', secret: true, maxLength: 6 },
  accountNumber: { placeholder: (t) => t('accountNumberHint'), inputMode: 'numeric', autoComplete: 'off', maxLength: 24 },
  bankPin: { placeholder: '••••', inputMode: 'numeric', autoComplete: 'off', secret: true, maxLength: 6 },
  cardNumber: { placeholder: '1234 5678 9012 3456', inputMode: 'numeric', autoComplete: 'cc-number', format: formatCardNumber, maxLength: 23 },
  expiry: { placeholder: 'MM/YY', inputMode: 'numeric', autoComplete: 'cc-exp', format: formatExpiry, maxLength: 5 },
  cvv: { placeholder: '123', inputMode: 'numeric', autoComplete: 'cc-csc', secret: true, maxLength: 4 },
  cardName: { placeholder: (t) => t('cardNameHint'), inputMode: 'text', autoComplete: 'cc-name', maxLength: 100 },
};

function CurrencyChoice({ method, value, onChange }: { method: PaymentMethod; value: PaymentCurrency; onChange: (currency: PaymentCurrency) => void }) {
  const { t } = useTranslation('checkout');
  const currencies = METHOD_CURRENCIES[method];
  if (currencies.length < 2) return null;
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('payIn')}</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
        {currencies.map((currency) => (
          <label
            key={currency}
            className={cx(
              'relative cursor-pointer rounded-md px-4 py-1.5 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
              value === currency ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input type="radio" name="payment-currency" value={currency} checked={value === currency} onChange={() => onChange(currency)} className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0" />
            {currency}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The method's details as the chosen way takes them, each checked under its field; card data lives only in the form's
 * state. On the gateway's page nothing is typed here.
 */
export function PaymentDetailsForm({
  method,
  form,
  currency,
  onCurrencyChange,
  ways,
  way,
  onWayChange,
}: {
  method: PaymentMethod;
  form: PaymentDetailsFormApi;
  currency: PaymentCurrency;
  /** Left out when the currency is decided already. */
  onCurrencyChange?: (currency: PaymentCurrency) => void;
  ways: readonly PaymentWay[];
  way: PaymentWay;
  onWayChange: (way: PaymentWay) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {t('payingWith')} <span className="font-semibold text-slate-900">{methodLabel(method, t)}</span>
      </p>
      {onCurrencyChange && <CurrencyChoice method={method} value={currency} onChange={onCurrencyChange} />}
      <PaymentWayChoice method={method} ways={ways} value={way} onChange={onWayChange} />
      {way === 'hosted' && <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t('hostedHint')}</p>}
      <div className="grid gap-4 empty:hidden sm:grid-cols-2">
        {fieldsFor(method, way).map((field) => {
          const spec = FIELDS[field];
          const control = form.register(`paymentData.${field}`);
          return (
            <div key={field} className={field === 'cardNumber' || field === 'cardName' ? 'sm:col-span-2' : undefined}>
              <TextField
                label={t(field)}
                required
                type={spec.secret ? 'password' : 'text'}
                inputMode={spec.inputMode}
                autoComplete={spec.autoComplete}
                placeholder={typeof spec.placeholder === 'function' ? spec.placeholder(t) : spec.placeholder}
                maxLength={spec.maxLength}
                {...control}
                onChange={(event) => {
                  if (spec.format) event.target.value = spec.format(event.target.value);
                  return control.onChange(event);
                }}
                hint={way === 'phone' ? t('phoneHint', { gateway: methodLabel(method, t) }) : undefined}
                error={form.errorText(`paymentData.${field}`)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
