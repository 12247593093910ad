import { useTranslation } from 'react-i18next';
import { addressBody, type SavedAddress } from '#contracts/addresses';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import type { ShippingField } from '../checkout/shipping-values.ts';
import { CountryField } from '../checkout/shipping-form.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useSaveAddressMutation } from './profile.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const FIELDS: Array<{ name: ShippingField; type?: string; wide?: boolean; optional?: boolean }> = [
  { name: 'firstName' },
  { name: 'lastName' },
  { name: 'email', type: 'email', wide: true },
  { name: 'company', wide: true, optional: true },
  { name: 'address', wide: true },
  { name: 'city' },
  { name: 'postalCode' },
  { name: 'country' },
  { name: 'phone', type: 'tel' },
];

const valuesOf = (address: SavedAddress | undefined, email: string) => ({
  label: address?.label ?? '',
  email: address?.email ?? email,
  firstName: address?.firstName ?? '',
  lastName: address?.lastName ?? '',
  company: address?.company ?? '',
  address: address?.address ?? '',
  city: address?.city ?? '',
  postalCode: address?.postalCode ?? '',
  country: address?.country ?? 'PK',
  phone: address?.phone ?? '',
  isDefaultShipping: address?.isDefaultShipping ?? false,
  isDefaultBilling: address?.isDefaultBilling ?? false,
});

/** Adds an address, or edits `address`; the fields are checked by the address route's own rules (the checkout's). */
export function AddressForm({ address, email, onDone }: { address?: SavedAddress; email: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const failureText = useErrorText();
  const { t: fieldText } = useTranslation('checkout');
  const form = useContractForm(addressBody, { defaultValues: valuesOf(address, email) });
  const { register, errorText } = form;
  const save = useSaveAddressMutation();

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: address?.id, body },
      {
        onSuccess: () => {
          notify.success(address ? t('addressUpdated') : t('addressSaved'), t('addressesUpdatedText'));
          onDone();
        },
        onError: (error) => {
          if (!form.setServerErrors(error)) notify.error(t('addressNotSaved'), failureText(error));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={address ? t('editAddress') : t('newAddress')} className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/40 p-4">
      <TextField label={t('labelOptional')} placeholder={t('labelPlaceholder')} {...register('label')} error={errorText('label')} />
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
            {field.name === 'country' ? <CountryField label={fieldText('country')} {...register('country')} error={errorText('country')} /> : <TextField
              label={field.optional ? fieldText('optional', { label: fieldText(field.name) }) : fieldText(field.name)}
              required={!field.optional}
              type={field.type ?? 'text'}
              {...register(field.name)}
              error={errorText(field.name)}
            />}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField label={t('defaultShippingAddress')} {...register('isDefaultShipping')} />
        <CheckboxField label={t('defaultBillingAddress')} {...register('isDefaultBilling')} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>{save.isPending ? t('saving') : t('saveAddress')}</Button>
        <Button variant="ghost" onClick={onDone}>{t('cancel')}</Button>
      </div>
    </form>
  );
}
