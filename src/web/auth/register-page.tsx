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
import { firstFieldErrors, type FieldErrors } from './field-errors.ts';
import type { AccountType } from './normalize-user.ts';
import {
  EMPTY_REGISTER_FORM,
  FIELDS_OF,
  SPECIALTY_OPTIONS,
  toRegisterBody,
  validateRegisterForm,
  type RegisterField,
  type RegisterFormValues,
} from './register-form.ts';

const BUSINESS_BENEFITS = ['Volume discounts', 'Extended payment terms', 'A dedicated account manager', 'Custom pricing'];

const linkClasses = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

export function RegisterPage() {
  const navigate = useNavigate();
  const signUp = useRegisterMutation();
  const form = useRef<HTMLFormElement>(null);
  const [accountType, setAccountType] = useState<AccountType>('individual');
  const [values, setValues] = useState<RegisterFormValues>(EMPTY_REGISTER_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);

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
    const problems = validateRegisterForm(values, accountType);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    setErrors({});
    signUp.mutate(toRegisterBody(values, accountType), {
      onSuccess: () => {
        notify.success('Registration successful', 'Please check your email to verify your account.');
        navigate('/', { replace: true });
      },
      onError: (error) => {
        showErrors(firstFieldErrors(error));
        notify.error('Registration failed', 'Unable to create account');
      },
    });
  }

  return (
    <AuthCard
      icon={UserPlus}
      width="lg"
      title="Create Your Account"
      description={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <AccountTypeTabs
        id="register"
        value={accountType}
        onChange={(type) => {
          setAccountType(type);
          setErrors({});
        }}
      >
        {accountType === 'business' && (
          <ul aria-label="Business account benefits" className="mb-6 grid gap-2 rounded-xl bg-brand-50 p-4 text-sm text-brand-900 sm:grid-cols-2">
            {BUSINESS_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <BadgeCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                {benefit}
              </li>
            ))}
          </ul>
        )}
        <form ref={form} onSubmit={submit} noValidate aria-label={`Create a ${accountType} account`} className="space-y-5">
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
            All fields are required (<span aria-hidden="true" className="text-red-600">*</span>).
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" required value={values.first_name} {...field('first_name')} />
            <TextField label="Last name" autoComplete="family-name" required value={values.last_name} {...field('last_name')} />
            <div className="sm:col-span-2">
              <TextField
                label={accountType === 'business' ? 'Work email address' : 'Email address'}
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
                <TextField label="Phone number" type="tel" autoComplete="tel" required value={values['profile.phone']} {...field('profile.phone')} />
                <SelectField
                  label="Specialty"
                  required
                  placeholder="Choose your specialty"
                  options={SPECIALTY_OPTIONS}
                  value={values['profile.specialty']}
                  {...field('profile.specialty')}
                />
              </>
            ) : (
              <>
                <TextField
                  label="Company name"
                  autoComplete="organization"
                  required
                  placeholder="Hospital, clinic or distributor"
                  value={values['profile.hospital_name']}
                  {...field('profile.hospital_name')}
                />
                <TextField
                  label="Business license"
                  autoComplete="off"
                  required
                  placeholder="License or registration number"
                  value={values['profile.license_number']}
                  {...field('profile.license_number')}
                />
              </>
            )}
            <PasswordField
              label="Password"
              autoComplete="new-password"
              required
              hint="At least 8 characters."
              value={values.password}
              {...field('password')}
            />
            <PasswordField
              label="Confirm password"
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
                I agree to the{' '}
                <Link to="/about#terms" className={linkClasses}>
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link to="/about#privacy" className={linkClasses}>
                  Privacy Policy
                </Link>
                <span aria-hidden="true" className="ml-0.5 text-red-600">
                  *
                </span>
              </>
            }
          />
          <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
            {signUp.isPending ? 'Creating account…' : 'Create Account'}
          </Button>
        </form>
      </AccountTypeTabs>
    </AuthCard>
  );
}
