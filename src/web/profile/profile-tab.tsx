import { useTranslation } from 'react-i18next';
import { CURRENCIES, LANGUAGES, SPECIALTIES, updateProfile } from '#contracts/auth';
import { validPhone } from '../auth/account-rules.ts';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { LANGUAGE_NAMES } from '../i18n/language-names.ts';
import { useUpdateProfileMutation } from './profile.api.ts';

/** The contract's body, with the server's phone rule checked first. */
const profileForm = updateProfile.body.check(validPhone);

/** What the form starts with: the user's details, and only the profile fields of their account type. */
const valuesOf = ({ firstName, lastName, accountType, profile, preferences }: CurrentUser) => ({
  first_name: firstName,
  last_name: lastName,
  profile: {
    phone: profile.phone ?? '',
    ...(accountType === 'business'
      ? { hospital_name: profile.hospital_name ?? '', license_number: profile.license_number ?? '' }
      : { specialty: profile.specialty ?? '' }),
    address: profile.address ?? '',
  },
  preferences: { language: preferences.language ?? 'en', currency: preferences.currency ?? 'PKR' },
});

export function ProfileTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const save = useUpdateProfileMutation();
  const form = useContractForm(profileForm, { defaultValues: valuesOf(user) });
  const { register, errorText } = form;
  const business = user.accountType === 'business';

  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify.success(t('profileUpdated'), t('profileUpdatedText')),
      onError: (error) => {
        form.setServerErrors(error);
        notify.error(t('updateFailed'), t('updateFailedText'));
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('firstName')} required autoComplete="given-name" {...register('first_name')} error={errorText('first_name')} />
        <TextField label={t('lastName')} required autoComplete="family-name" {...register('last_name')} error={errorText('last_name')} />
        <div className="sm:col-span-2">
          <TextField label={t('email')} type="email" value={user.email} readOnly hint={t('emailReadOnly')} />
        </div>
        <TextField label={t('phone')} type="tel" inputMode="tel" autoComplete="tel" {...register('profile.phone')} error={errorText('profile.phone')} />
        {business ? null : (
          <SelectField
            label={t('specialty')}
            placeholder={t('chooseSpecialty')}
            options={SPECIALTIES.map((value) => ({ value, label: t('specialtyName', { context: value }) }))}
            {...register('profile.specialty')}
            error={errorText('profile.specialty')}
          />
        )}
        {business && (
          <>
            <TextField label={t('hospitalName')} autoComplete="organization" {...register('profile.hospital_name')} error={errorText('profile.hospital_name')} />
            <TextField label={t('licenseNumber')} {...register('profile.license_number')} error={errorText('profile.license_number')} />
          </>
        )}
        <div className="sm:col-span-2">
          <TextField label={t('address')} autoComplete="street-address" {...register('profile.address')} error={errorText('profile.address')} />
        </div>
        <SelectField
          label={t('language')}
          options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          {...register('preferences.language')}
          error={errorText('preferences.language')}
        />
        <SelectField
          label={t('currency')}
          options={CURRENCIES.map((value) => ({ value, label: t('currencyName', { context: value }) }))}
          {...register('preferences.currency')}
          error={errorText('preferences.currency')}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('saving') : t('saveChanges')}
      </Button>
    </form>
  );
}
