import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building2, User } from 'lucide-react';
import type { OrderType } from '#contracts/payment';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { cx } from '../lib/class-names.ts';
import { checkoutMessages, type CheckoutMessages } from './messages.ts';
import { addressesQuery } from '../profile/profile.api.ts';
import type { ShippingErrors, ShippingField, ShippingValues } from './shipping-values.ts';
import { useLocalizedIssue } from './validation-messages.ts';

const ORDER_TYPE_OPTIONS: Array<{ value: OrderType; label: keyof CheckoutMessages; detail: keyof CheckoutMessages; icon: typeof User }> = [
  { value: 'individual', label: 'individual', detail: 'individualDetail', icon: User },
  { value: 'hospital', label: 'hospital', detail: 'hospitalDetail', icon: Building2 },
];

function OrderTypeChoice({ value, onChange }: { value: OrderType; onChange: (value: OrderType) => void }) {
  const t = useMessages(checkoutMessages);
  return (
    <fieldset>
      <legend className="text-base font-bold text-slate-900">{t.orderType}</legend>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {ORDER_TYPE_OPTIONS.map(({ value: option, label, detail, icon: Icon }) => (
          <label
            key={option}
            className={cx(
              'relative flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300 sm:p-4',
              value === option ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 bg-white hover:border-brand-300',
            )}
          >
            <input type="radio" name="order-type" value={option} checked={value === option} onChange={() => onChange(option)} className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0" />
            <Icon aria-hidden="true" className={cx('h-5 w-5 shrink-0', value === option ? 'text-brand-700' : 'text-slate-500')} />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{t[label] as string}</span>
              <span className="hidden text-xs text-slate-600 sm:block">{t[detail] as string}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const FIELDS: Array<{ name: ShippingField; autoComplete: string; type?: string; inputMode?: 'email' | 'tel'; wide?: boolean; optional?: boolean }> = [
  { name: 'email', autoComplete: 'email', type: 'email', inputMode: 'email', wide: true },
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'company', autoComplete: 'organization', wide: true, optional: true },
  { name: 'address', autoComplete: 'street-address', wide: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel', wide: true },
];

/**
 * Fills the form from the saved default shipping address once it loads, unless the buyer has started on the city or
 * postal code. One field per render: the parent's onChange builds on the values of the render it came from.
 */
function useDefaultShippingAddress(values: ShippingValues, onChange: (field: ShippingField, value: string) => void) {
  const { data } = useQuery(addressesQuery());
  const pending = useRef<Array<[ShippingField, string]> | null>(null);
  const defaultAddress = data?.addresses.find((address) => address.isDefaultShipping);

  useEffect(() => {
    if (pending.current === null && defaultAddress) {
      const untouched = !values.city && !values.postalCode;
      pending.current = untouched ? FIELDS.map(({ name }) => [name, defaultAddress[name]]) : [];
    }
    const next = pending.current?.shift();
    if (next) onChange(...next);
  }, [defaultAddress, values, onChange]);
}

export function ShippingForm({
  orderType,
  onOrderTypeChange,
  values,
  errors,
  onChange,
  onBlur,
}: {
  orderType: OrderType;
  onOrderTypeChange: (value: OrderType) => void;
  values: ShippingValues;
  errors: ShippingErrors;
  onChange: (field: ShippingField, value: string) => void;
  onBlur: (field: ShippingField) => void;
}) {
  const t = useMessages(checkoutMessages);
  const localize = useLocalizedIssue();
  useDefaultShippingAddress(values, onChange);
  return (
    <div className="space-y-6">
      <OrderTypeChoice value={orderType} onChange={onOrderTypeChange} />
      <fieldset>
        <legend className="text-base font-bold text-slate-900">{t.shippingInformation}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
              <TextField
                label={field.optional ? t.optional(t[field.name]) : t[field.name]}
                required={!field.optional}
                name={field.name}
                type={field.type ?? 'text'}
                inputMode={field.inputMode}
                autoComplete={`shipping ${field.autoComplete}`}
                value={values[field.name]}
                error={errors[field.name] && localize(errors[field.name]!)}
                onChange={(event) => onChange(field.name, event.target.value)}
                onBlur={() => onBlur(field.name)}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
