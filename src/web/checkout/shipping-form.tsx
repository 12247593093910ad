import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Building2, User } from 'lucide-react';
import type { OrderType } from '#contracts/payment';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { cx } from '../lib/class-names.ts';
import type { TextKey } from '../i18n/text-key.ts';
import { addressesQuery } from '../profile/profile.api.ts';
import { countryOptions } from './countries.ts';
import type { ShippingField, ShippingFormApi } from './shipping-values.ts';

const ORDER_TYPE_OPTIONS: Array<{ value: OrderType; label: TextKey<'checkout'>; detail: TextKey<'checkout'>; icon: typeof User }> = [
  { value: 'individual', label: 'individual', detail: 'individualDetail', icon: User },
  { value: 'hospital', label: 'hospital', detail: 'hospitalDetail', icon: Building2 },
];

function OrderTypeChoice({ value, onChange }: { value: OrderType; onChange: (value: OrderType) => void }) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset>
      <legend className="text-base font-bold text-slate-900">{t('orderType')}</legend>
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
              <span className="block font-semibold text-slate-900">{t(label)}</span>
              <span className="hidden text-xs text-slate-600 sm:block">{t(detail)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The fields of an address, in the order checkout asks for them; a department's addresses have the same. */
type AddressFieldSpec = { name: ShippingField; autoComplete: string; type?: string; inputMode?: 'email' | 'tel'; wide?: boolean; optional?: boolean };
export const ADDRESS_FIELDS: AddressFieldSpec[] = [
  { name: 'email', autoComplete: 'email', type: 'email', inputMode: 'email', wide: true },
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'company', autoComplete: 'organization', wide: true, optional: true },
  { name: 'address', autoComplete: 'street-address', wide: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'country', autoComplete: 'country' },
  { name: 'phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
];

/** Fills the form from the saved default shipping address once it loads, unless the buyer has started on the city or postal code. */
function useDefaultShippingAddress({ getValues, setValue }: ShippingFormApi) {
  const { data } = useQuery(addressesQuery());
  const defaultAddress = data?.addresses.find((address) => address.isDefaultShipping);

  useEffect(() => {
    if (!defaultAddress || getValues('city') || getValues('postalCode')) return;
    for (const { name } of ADDRESS_FIELDS) setValue(name, defaultAddress[name]);
  }, [defaultAddress, getValues, setValue]);
}

/** The country of an address: every country, named in the visitor's language. */
export function CountryField({ label, error, ...select }: { label: string; error?: string } & UseFormRegisterReturn & { autoComplete?: string }) {
  const { i18n } = useTranslation('checkout');
  return <SelectField label={label} required options={countryOptions(i18n.language)} {...select} error={error} />;
}

/** One address field, labelled and typed as checkout labels it; the form it belongs to registers it. */
export function AddressField({ field, error, ...input }: { field: AddressFieldSpec; error?: string } & UseFormRegisterReturn & { autoComplete: string }) {
  const { t } = useTranslation('checkout');
  if (field.name === 'country') {
    return <div><CountryField label={t('country')} {...input} error={error} /></div>;
  }
  return (
    <div className={field.wide ? 'sm:col-span-2' : undefined}>
      <TextField
        label={field.optional ? t('optional', { label: t(field.name) }) : t(field.name)}
        required={!field.optional}
        type={field.type ?? 'text'}
        inputMode={field.inputMode}
        {...input}
        error={error}
      />
    </div>
  );
}

export function ShippingForm({
  form,
  orderType,
  onOrderTypeChange,
}: {
  form: ShippingFormApi;
  orderType: OrderType;
  onOrderTypeChange: (value: OrderType) => void;
}) {
  const { t } = useTranslation('checkout');
  useDefaultShippingAddress(form);
  return (
    <div className="space-y-6">
      <OrderTypeChoice value={orderType} onChange={onOrderTypeChange} />
      <fieldset>
        <legend className="text-base font-bold text-slate-900">{t('shippingInformation')}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {ADDRESS_FIELDS.map((field) => (
            <AddressField key={field.name} field={field} autoComplete={`shipping ${field.autoComplete}`} {...form.register(field.name)}
              error={form.errorText(field.name)} />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
