import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { LogIn } from 'lucide-react';
import { login } from '#contracts/auth';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { ApiError } from '../lib/api.ts';
import { AccountTypeTabs } from './account-type-tabs.tsx';
import { AuthCard } from './auth-card.tsx';
import { useLoginMutation } from './auth.api.ts';
import { useErrorText } from '../lib/error-text.ts';
import type { AccountType } from './normalize-user.ts';
import { redirectTarget } from './redirect-target.ts';

/** The sign-in body, and whether to keep the session beyond this browser session. */
const loginForm = login.body.extend({ remember: z.boolean() });

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useLoginMutation();
  const { t } = useTranslation('auth');
  const failureText = useErrorText();
  const form = useContractForm(loginForm, {
    defaultValues: { account_type: 'individual', email: '', password: '', remember: false },
  });
  const { register, errorText } = form;
  // Only the tabs set it, to one of the account types. The account signs in as its own type whichever is chosen:
  // the tab words the form for the visitor and opens the registration on the same tab.
  const accountType = useWatch({ control: form.control, name: 'account_type' }) as AccountType;

  const submit = form.handleSubmit((input) =>
    signIn.mutate(input, {
      onSuccess: (user) => {
        notify.success(t('loginSuccessful'), t('welcomeBackName', { name: user.firstName }));
        navigate(redirectTarget(location.state), { replace: true });
      },
      onError: (error) => {
        // A 401 always means the email and password do not match an account.
        const refused = error instanceof ApiError && error.status === 401;
        if (!refused) form.setServerErrors(error);
        notify.error(t('loginFailed'), refused ? t('invalidCredentials') : failureText(error));
      },
    }),
  );

  return (
    <AuthCard
      icon={LogIn}
      title={t('welcomeBack')}
      description={t('loginIntro')}
    >
      <AccountTypeTabs value={accountType} onChange={(type) => form.setValue('account_type', type)}>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('signInTo', { context: accountType })}>
          <TextField
            label={t('emailAddress')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            {...register('email')}
            error={errorText('email')}
            placeholder={accountType === 'business' ? 'procurement@hospital.com' : 'you@example.com'}
          />
          <PasswordField
            label={t('password')}
            autoComplete="current-password"
            required
            {...register('password')}
            error={errorText('password')}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField label={t('rememberMe')} {...register('remember')} />
            <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
              {t('forgotPassword')}
            </Link>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? t('signingIn') : t('signIn')}
          </Button>
        </form>
      </AccountTypeTabs>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('noAccount')}{' '}
        <Link to={accountType === 'business' ? '/register?type=business' : '/register'} className="font-semibold text-brand-700 hover:underline">
          {t('signUp')}
        </Link>
      </p>
    </AuthCard>
  );
}
