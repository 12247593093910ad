import { useState, type FormEvent } from 'react';
import { CURRENCIES, LANGUAGES, SPECIALTIES } from '#contracts/auth';
import { firstFieldErrors } from '../auth/field-errors.ts';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useUpdateProfileMutation } from './profile.api.ts';

const SPECIALTY_LABELS: Record<(typeof SPECIALTIES)[number], string> = {
  cardiology: 'Cardiology', neurosurgery: 'Neurosurgery', orthopedics: 'Orthopedics', general: 'General Surgery', other: 'Other',
};
const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = { en: 'English', ur: 'اردو (Urdu)', ar: 'العربية (Arabic)' };
const CURRENCY_LABELS: Record<(typeof CURRENCIES)[number], string> = {
  PKR: 'PKR — Pakistani rupee', USD: 'USD — US dollar', EUR: 'EUR — Euro',
};

/** Same rule as the server: an optional +, then 7 to 15 digits grouped with spaces, dashes or parentheses. */
export const isValidPhone = (value: string) =>
  /^\+?[\d\s()-]+$/.test(value) && value.replace(/\D/g, '').length >= 7 && value.replace(/\D/g, '').length <= 15;

interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  specialty: string;
  hospitalName: string;
  licenseNumber: string;
  address: string;
  language: string;
  currency: string;
}

const valuesOf = (user: CurrentUser): ProfileValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.profile.phone ?? '',
  specialty: user.profile.specialty ?? '',
  hospitalName: user.profile.hospital_name ?? '',
  licenseNumber: user.profile.license_number ?? '',
  address: user.profile.address ?? '',
  language: user.preferences.language ?? 'en',
  currency: user.preferences.currency ?? 'PKR',
});

const SERVER_FIELDS: Record<string, keyof ProfileValues> = {
  first_name: 'firstName', last_name: 'lastName', 'profile.phone': 'phone', 'profile.specialty': 'specialty',
  'profile.hospital_name': 'hospitalName', 'profile.license_number': 'licenseNumber', 'profile.address': 'address',
  'preferences.language': 'language', 'preferences.currency': 'currency',
};

export function ProfileTab({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState(() => valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileValues, string>>>({});
  const save = useUpdateProfileMutation();
  const business = user.accountType === 'business';

  const field = (name: keyof ProfileValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!values.firstName.trim()) found.firstName = 'This field is required.';
    if (!values.lastName.trim()) found.lastName = 'This field is required.';
    if (values.phone.trim() && !isValidPhone(values.phone.trim())) found.phone = 'Enter a valid phone number (7 to 15 digits).';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        first_name: values.firstName,
        last_name: values.lastName,
        profile: {
          phone: values.phone,
          address: values.address,
          ...(business
            ? { hospital_name: values.hospitalName, license_number: values.licenseNumber }
            : { specialty: values.specialty }),
        },
        preferences: {
          language: values.language as (typeof LANGUAGES)[number],
          currency: values.currency as (typeof CURRENCIES)[number],
        },
      },
      {
        onSuccess: () => notify.success('Profile updated', 'Your profile information has been saved successfully.'),
        onError: (error) => {
          const fromServer = firstFieldErrors(error);
          setErrors(Object.fromEntries(Object.entries(fromServer).map(([key, message]) => [SERVER_FIELDS[key] ?? key, message])));
          notify.error('Update failed', 'Failed to update profile. Please try again.');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" required autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" required autoComplete="family-name" {...field('lastName')} />
        <div className="sm:col-span-2">
          <TextField label="Email" type="email" value={user.email} readOnly hint="Email cannot be changed" />
        </div>
        <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" {...field('phone')} />
        {business ? null : (
          <SelectField
            label="Medical specialty"
            placeholder="Choose a specialty"
            options={SPECIALTIES.map((value) => ({ value, label: SPECIALTY_LABELS[value] }))}
            {...field('specialty')}
          />
        )}
        {business && (
          <>
            <TextField label="Hospital or clinic name" autoComplete="organization" {...field('hospitalName')} />
            <TextField label="Medical licence number" {...field('licenseNumber')} />
          </>
        )}
        <div className="sm:col-span-2">
          <TextField label="Address" autoComplete="street-address" {...field('address')} />
        </div>
        <SelectField label="Language" options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))} {...field('language')} />
        <SelectField label="Currency" options={CURRENCIES.map((value) => ({ value, label: CURRENCY_LABELS[value] }))} {...field('currency')} />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save Changes'}
      </Button>
    </form>
  );
}
