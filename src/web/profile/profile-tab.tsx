import { useState, type FormEvent } from 'react';
import { CURRENCIES, LANGUAGES, SPECIALTIES } from '#contracts/auth';
import { firstFieldErrors } from '../auth/field-errors.ts';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { profileMessages } from './messages.ts';
import { useUpdateProfileMutation } from './profile.api.ts';

const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = { en: 'English', ur: 'اردو (Urdu)', ar: 'العربية (Arabic)' };

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
  const t = useMessages(profileMessages);
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
    if (!values.firstName.trim()) found.firstName = t.required;
    if (!values.lastName.trim()) found.lastName = t.required;
    if (values.phone.trim() && !isValidPhone(values.phone.trim())) found.phone = t.phoneInvalid;
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
        onSuccess: () => notify.success(t.profileUpdated, t.profileUpdatedText),
        onError: (error) => {
          const fromServer = firstFieldErrors(error);
          setErrors(Object.fromEntries(Object.entries(fromServer).map(([key, message]) => [SERVER_FIELDS[key] ?? key, message])));
          notify.error(t.updateFailed, t.updateFailedText);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t.firstName} required autoComplete="given-name" {...field('firstName')} />
        <TextField label={t.lastName} required autoComplete="family-name" {...field('lastName')} />
        <div className="sm:col-span-2">
          <TextField label={t.email} type="email" value={user.email} readOnly hint={t.emailReadOnly} />
        </div>
        <TextField label={t.phone} type="tel" inputMode="tel" autoComplete="tel" {...field('phone')} />
        {business ? null : (
          <SelectField
            label={t.specialty}
            placeholder={t.chooseSpecialty}
            options={SPECIALTIES.map((value) => ({ value, label: t.specialtyName(value) }))}
            {...field('specialty')}
          />
        )}
        {business && (
          <>
            <TextField label={t.hospitalName} autoComplete="organization" {...field('hospitalName')} />
            <TextField label={t.licenseNumber} {...field('licenseNumber')} />
          </>
        )}
        <div className="sm:col-span-2">
          <TextField label={t.address} autoComplete="street-address" {...field('address')} />
        </div>
        <SelectField label={t.language} options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))} {...field('language')} />
        <SelectField label={t.currency} options={CURRENCIES.map((value) => ({ value, label: t.currencyName(value) }))} {...field('currency')} />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t.saving : t.saveChanges}
      </Button>
    </form>
  );
}
