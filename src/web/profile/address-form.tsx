import { useState, type FormEvent } from 'react';
import type { AddressInput, SavedAddress } from '#contracts/addresses';
import { errorSummary } from '../auth/field-errors.ts';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { checkoutMessages } from '../checkout/messages.ts';
import { shippingErrors, type ShippingField, type ShippingValues } from '../checkout/shipping-values.ts';
import { localizeEach, serverIssues, useLocalizedIssue } from '../checkout/validation-messages.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { profileMessages } from './messages.ts';
import { useSaveAddressMutation } from './profile.api.ts';

const FIELDS: Array<{ name: ShippingField; type?: string; wide?: boolean; optional?: boolean }> = [
  { name: 'firstName' },
  { name: 'lastName' },
  { name: 'email', type: 'email', wide: true },
  { name: 'company', wide: true, optional: true },
  { name: 'address', wide: true },
  { name: 'city' },
  { name: 'postalCode' },
  { name: 'phone', type: 'tel', wide: true },
];

type Values = ShippingValues & { label: string; isDefaultShipping: boolean; isDefaultBilling: boolean };

const valuesOf = (address: SavedAddress | undefined, email: string): Values => ({
  label: address?.label ?? '',
  email: address?.email ?? email,
  firstName: address?.firstName ?? '',
  lastName: address?.lastName ?? '',
  company: address?.company ?? '',
  address: address?.address ?? '',
  city: address?.city ?? '',
  postalCode: address?.postalCode ?? '',
  phone: address?.phone ?? '',
  isDefaultShipping: address?.isDefaultShipping ?? false,
  isDefaultBilling: address?.isDefaultBilling ?? false,
});

/** Adds an address, or edits `address`; the fields are checked by the checkout's shipping rules. */
export function AddressForm({ address, email, onDone }: { address?: SavedAddress; email: string; onDone: () => void }) {
  const t = useMessages(profileMessages);
  const fieldText = useMessages(checkoutMessages);
  const localize = useLocalizedIssue();
  const [values, setValues] = useState(() => valuesOf(address, email));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAddressMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = localizeEach(shippingErrors(values), localize);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: AddressInput = values;
    save.mutate(
      { id: address?.id, body },
      {
        onSuccess: () => {
          notify.success(address ? t.addressUpdated : t.addressSaved, t.addressesUpdatedText);
          onDone();
        },
        onError: (error) => {
          setErrors(localizeEach(serverIssues(error), localize));
          notify.error(t.addressNotSaved, errorSummary(error, t.addressFailedText));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={address ? t.editAddress : t.newAddress} className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/40 p-4">
      <TextField label={t.labelOptional} placeholder={t.labelPlaceholder} value={values.label} onChange={(event) => setValues({ ...values, label: event.target.value })} />
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
            <TextField
              label={field.optional ? fieldText.optional(fieldText[field.name]) : fieldText[field.name]}
              required={!field.optional}
              type={field.type ?? 'text'}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField label={t.defaultShippingAddress} checked={values.isDefaultShipping} onChange={(event) => setValues({ ...values, isDefaultShipping: event.target.checked })} />
        <CheckboxField label={t.defaultBillingAddress} checked={values.isDefaultBilling} onChange={(event) => setValues({ ...values, isDefaultBilling: event.target.checked })} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>{save.isPending ? t.saving : t.saveAddress}</Button>
        <Button variant="ghost" onClick={onDone}>{t.cancel}</Button>
      </div>
    </form>
  );
}
