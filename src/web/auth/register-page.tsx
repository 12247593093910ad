import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BadgeCheck, UserPlus } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { AccountTypeTabs } from './account-type-tabs.tsx';
import { AuthCard } from './auth-card.tsx';
import { useRegisterMutation } from './auth.api.ts';
import { authMessages } from './messages.ts';
import { localizeEach, serverIssues, useLocalizedIssue } from '../checkout/validation-messages.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { MIN_PASSWORD_LENGTH } from '#contracts/auth';
import type { FieldErrors } from './field-errors.ts';
import type { AccountType } from './normalize-user.ts';
import {
  EMPTY_REGISTER_FORM,
  FIELDS_OF,
  specialtyOptions,
  toRegisterBody,
  validateRegisterForm,
  type RegisterField,
  type RegisterFormValues,
} from './register-form.ts';

const BUSINESS_BENEFITS = ['volumeDiscounts', 'paymentTerms', 'accountManager', 'customPricing'] as const;

const linkClasses = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

export function RegisterPage() {
  const navigate = useNavigate();
  const signUp = useRegisterMutation();
  const form = useRef<HTMLFormElement>(null);
  const [accountType, setAccountType] = useState<AccountType>('individual');
  const [values, setValues] = useState<RegisterFormValues>(EMPTY_REGISTER_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const t = useMessages(authMessages);
  const minLength = useFormat().number(MIN_PASSWORD_LENGTH);
  const localize = useLocalizedIssue();

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const visibleFields = FIELDS_OF[accountType];
  const otherErrors = Object.entries(errors).filter(([field]) => !visibleFields.includes(field as RegisterField));

  function field<K extends RegisterField>(name: K) {
    return {
      name,
      error: errors[name],
      onChange: (event: { target: HTMLInputElement | HTMLSelectElement }) => {
        const { target } = event;
        const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
        setValues((current) => ({ ...current, [name]: value }));
      },
    };
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    setAttempt((count) => count + 1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateRegisterForm(values, accountType, t, { minLength, localize });
    const { agreeToTerms: _terms, ...fieldProblems } = problems;
    showErrors(problems);
    // The server checks every field this form checks, and more (a common password, an email already registered), and
    // reports them all at once: ask it unless only the terms are missing, so every field shows its problem together.
    if (Object.keys(problems).length > 0 && Object.keys(fieldProblems).length === 0) return;
    signUp.mutate(toRegisterBody(values, accountType), {
      onSuccess: () => {
        notify.success(t.registrationSuccessful, t.verifyEmailPrompt);
        navigate('/', { replace: true });
      },
      onError: (error) => {
        const fromServer = localizeEach(serverIssues(error), localize);
        showErrors({ ...fromServer, ...problems });
        notify.error(t.registrationFailed, t.unableToCreate);
      },
    });
  }

  return (
    <AuthCard
      icon={UserPlus}
      width="lg"
      title={t.createYourAccount}
      description={
        <>
          {t.haveAccount}{' '}
          <Link to="/login" className={linkClasses}>
            {t.signInLink}
          </Link>
        </>
      }
    >
      <AccountTypeTabs
        value={accountType}
        onChange={(type) => {
          setAccountType(type);
          setErrors({});
        }}
      >
        {accountType === 'business' && (
          <ul aria-label={t.businessBenefits} className="mb-6 grid gap-2 rounded-xl bg-brand-50 p-4 text-sm text-brand-900 sm:grid-cols-2">
            {BUSINESS_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <BadgeCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                {t[benefit]}
              </li>
            ))}
          </ul>
        )}
        <form ref={form} onSubmit={submit} noValidate aria-label={t.createA(accountType)} className="space-y-5">
          {otherErrors.length > 0 && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              <ul className="list-inside list-disc space-y-1">
                {otherErrors.map(([name, message]) => (
                  <li key={name}>{message}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-xs text-slate-500">
            {t.allRequired}<span aria-hidden="true" className="text-red-600">*</span>{t.allRequiredEnd}
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t.firstName} autoComplete="given-name" required value={values.first_name} {...field('first_name')} />
            <TextField label={t.lastName} autoComplete="family-name" required value={values.last_name} {...field('last_name')} />
            <div className="sm:col-span-2">
              <TextField
                label={accountType === 'business' ? t.workEmail : t.emailAddress}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                value={values.email}
                {...field('email')}
              />
            </div>
            {accountType === 'individual' ? (
              <>
                <TextField label={t.phoneNumber} type="tel" autoComplete="tel" required value={values['profile.phone']} {...field('profile.phone')} />
                <SelectField
                  label={t.specialty}
                  required
                  placeholder={t.chooseSpecialty}
                  options={specialtyOptions(t)}
                  value={values['profile.specialty']}
                  {...field('profile.specialty')}
                />
              </>
            ) : (
              <>
                <TextField
                  label={t.companyName}
                  autoComplete="organization"
                  required
                  placeholder={t.companyHint}
                  value={values['profile.hospital_name']}
                  {...field('profile.hospital_name')}
                />
                <TextField
                  label={t.businessLicense}
                  autoComplete="off"
                  required
                  placeholder={t.licenseHint}
                  value={values['profile.license_number']}
                  {...field('profile.license_number')}
                />
              </>
            )}
            <PasswordField
              label={t.password}
              autoComplete="new-password"
              required
              hint={t.atLeastChars(minLength)}
              value={values.password}
              {...field('password')}
            />
            <PasswordField
              label={t.confirmPassword}
              autoComplete="new-password"
              required
              value={values.password_confirm}
              {...field('password_confirm')}
            />
          </div>
          <CheckboxField
            required
            checked={values.agreeToTerms}
            {...field('agreeToTerms')}
            label={
              <>
                {t.iAgree}{' '}
                <Link to="/about#terms" className={linkClasses}>
                  {t.termsOfService}
                </Link>{' '}
                {t.and}{' '}
                <Link to="/about#privacy" className={linkClasses}>
                  {t.privacyPolicy}
                </Link>
                {t.agreeEnd}
                <span aria-hidden="true" className="ms-0.5 text-red-600">
                  *
                </span>
              </>
            }
          />
          <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
            {signUp.isPending ? t.creatingAccount : t.createAccount}
          </Button>
        </form>
      </AccountTypeTabs>
    </AuthCard>
  );
}
