import { useState, type FormEvent } from 'react';
import type { AddressInput, SavedAddress } from '#contracts/addresses';
import { errorSummary, firstFieldErrors } from '../auth/field-errors.ts';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { shippingErrors, type ShippingField, type ShippingValues } from '../checkout/shipping-values.ts';
import { useSaveAddressMutation } from './profile.api.ts';

const FIELDS: Array<{ name: ShippingField; label: string; type?: string; wide?: boolean; optional?: boolean }> = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'email', label: 'Email', type: 'email', wide: true },
  { name: 'company', label: 'Company or hospital', wide: true, optional: true },
  { name: 'address', label: 'Address', wide: true },
  { name: 'city', label: 'City' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'phone', label: 'Phone', type: 'tel', wide: true },
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
  const [values, setValues] = useState(() => valuesOf(address, email));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAddressMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = { ...shippingErrors(values) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: AddressInput = values;
    save.mutate(
      { id: address?.id, body },
      {
        onSuccess: () => {
          notify.success(address ? 'Address updated' : 'Address saved', 'Your saved addresses have been updated.');
          onDone();
        },
        onError: (error) => {
          setErrors(firstFieldErrors(error));
          notify.error('Address not saved', errorSummary(error, 'Failed to save the address. Please try again.'));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={address ? 'Edit address' : 'New address'} className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/40 p-4">
      <TextField label="Label (optional)" placeholder="Clinic, Home, Hospital…" value={values.label} onChange={(event) => setValues({ ...values, label: event.target.value })} />
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
            <TextField
              label={field.optional ? `${field.label} (optional)` : field.label}
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
        <CheckboxField label="Default shipping address" checked={values.isDefaultShipping} onChange={(event) => setValues({ ...values, isDefaultShipping: event.target.checked })} />
        <CheckboxField label="Default billing address" checked={values.isDefaultBilling} onChange={(event) => setValues({ ...values, isDefaultBilling: event.target.checked })} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save Address'}</Button>
        <Button variant="ghost" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}
