import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useWatch } from 'react-hook-form';
import { BadgeCheck, UserPlus } from 'lucide-react';
import { MIN_PASSWORD_LENGTH } from '#contracts/auth';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { serverIssueErrors, useIssueText } from '../lib/issue-text.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { TaggedText } from '../i18n/tagged-text.tsx';
import { AccountTypeTabs } from './account-type-tabs.tsx';
import { AuthCard } from './auth-card.tsx';
import { useRegisterMutation } from './auth.api.ts';
import type { AccountType } from './normalize-user.ts';
import { fieldsOf, registerForm, specialtyOptions } from './register-form.ts';

const BUSINESS_BENEFITS = ['volumeDiscounts', 'paymentTerms', 'accountManager', 'customPricing'] as const;

const linkClasses = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

export function RegisterPage() {
  const navigate = useNavigate();
  const signUp = useRegisterMutation();
  const { t } = useTranslation('auth');
  const minLength = useFormat().number(MIN_PASSWORD_LENGTH);
  const issueText = useIssueText();
  // The sign-in page's Business tab opens the registration on its own.
  const [searchParams] = useSearchParams();
  const form = useContractForm(registerForm, {
    defaultValues: {
      account_type: searchParams.get('type') === 'business' ? 'business' : 'individual',
      first_name: '',
      last_name: '',
      email: '',
      profile: { phone: '', specialty: '', hospital_name: '', license_number: '' },
      password: '',
      password_confirm: '',
      agreeToTerms: false,
    },
    overrides: { agreeToTerms: t('agreeToTerms') },
  });
  const { register, errorText } = form;
  // Only the tabs set it, to one of the account types.
  const accountType = useWatch({ control: form.control, name: 'account_type' }) as AccountType;

  // The server's problems with fields this tab does not show (or with the registration as a whole).
  const shown = fieldsOf(accountType);
  const otherProblems = Object.entries(serverIssueErrors(signUp.error)).filter(([field]) => !shown.has(field));

  const submit = form.handleSubmit((body) =>
    signUp.mutate(body, {
      onSuccess: () => {
        notify.success(t('registrationSuccessful'), t('verifyEmailPrompt'));
        navigate('/', { replace: true });
      },
      onError: (error) => {
        form.setServerErrors(error);
        notify.error(t('registrationFailed'), t('unableToCreate'));
      },
    }),
  );

  return (
    <AuthCard
      icon={UserPlus}
      width="lg"
      title={t('createYourAccount')}
      description={
        <>
          {t('haveAccount')}{' '}
          <Link to="/login" className={linkClasses}>
            {t('signInLink')}
          </Link>
        </>
      }
    >
      <AccountTypeTabs
        value={accountType}
        onChange={(type) => {
          form.setValue('account_type', type);
          form.clearErrors();
          signUp.reset();
        }}
      >
        {accountType === 'business' && (
          <ul aria-label={t('businessBenefits')} className="mb-6 grid gap-2 rounded-xl bg-brand-50 p-4 text-sm text-brand-900 sm:grid-cols-2">
            {BUSINESS_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <BadgeCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                {t(benefit)}
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} noValidate aria-label={t('createA', { context: accountType })} className="space-y-5">
          {otherProblems.length > 0 && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              <ul className="list-inside list-disc space-y-1">
                {otherProblems.map(([field, issue]) => (
                  <li key={field}>{issueText(issue)}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-xs text-slate-500">
            {t('allRequired')}<span aria-hidden="true" className="text-red-600">*</span>{t('allRequiredEnd')}
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t('firstName')} autoComplete="given-name" required {...register('first_name')} error={errorText('first_name')} />
            <TextField label={t('lastName')} autoComplete="family-name" required {...register('last_name')} error={errorText('last_name')} />
            <div className="sm:col-span-2">
              <TextField
                label={accountType === 'business' ? t('workEmail') : t('emailAddress')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                {...register('email')}
                error={errorText('email')}
              />
            </div>
            {accountType === 'individual' ? (
              <>
                <TextField label={t('phoneNumber')} type="tel" autoComplete="tel" required {...register('profile.phone')} error={errorText('profile.phone')} />
                <SelectField
                  label={t('specialty')}
                  required
                  placeholder={t('chooseSpecialty')}
                  options={specialtyOptions(t)}
                  {...register('profile.specialty')}
                  error={errorText('profile.specialty')}
                />
              </>
            ) : (
              <>
                <TextField
                  label={t('companyName')}
                  autoComplete="organization"
                  required
                  placeholder={t('companyHint')}
                  {...register('profile.hospital_name')}
                  error={errorText('profile.hospital_name')}
                />
                <TextField
                  label={t('businessLicense')}
                  autoComplete="off"
                  required
                  placeholder={t('licenseHint')}
                  {...register('profile.license_number')}
                  error={errorText('profile.license_number')}
                />
              </>
            )}
            <PasswordField
              label={t('password')}
              autoComplete="new-password"
              required
              hint={t('atLeastChars', { min: minLength })}
              {...register('password')}
              error={errorText('password')}
            />
            <PasswordField
              label={t('confirmPassword')}
              autoComplete="new-password"
              required
              {...register('password_confirm')}
              error={errorText('password_confirm')}
            />
          </div>
          <CheckboxField
            required
            {...register('agreeToTerms')}
            error={errorText('agreeToTerms')}
            label={
              <>
                <TaggedText text={t('agreeTerms')} tags={{
                  terms: (text) => <Link to="/about#terms" className={linkClasses}>{text}</Link>,
                  privacy: (text) => <Link to="/about#privacy" className={linkClasses}>{text}</Link>,
                }} />
                <span aria-hidden="true" className="ms-0.5 text-red-600">
                  *
                </span>
              </>
            }
          />
          <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
            {signUp.isPending ? t('creatingAccount') : t('createAccount')}
          </Button>
        </form>
      </AccountTypeTabs>
    </AuthCard>
  );
}
