import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { AccountTypeTabs } from './account-type-tabs.tsx';
import { AuthCard } from './auth-card.tsx';
import { useLoginMutation } from './auth.api.ts';
import { errorSummary, firstFieldErrors, type FieldErrors } from './field-errors.ts';
import type { AccountType } from './normalize-user.ts';
import { redirectTarget } from './redirect-target.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { authMessages } from './messages.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useLoginMutation();
  const [accountType, setAccountType] = useState<AccountType>('individual');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const t = useMessages(authMessages);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!email.trim()) missing.email = t.required;
    if (!password) missing.password = t.required;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    signIn.mutate(
      { email, password, account_type: accountType, remember },
      {
        onSuccess: (user) => {
          notify.success(t.loginSuccessful, t.welcomeBackName(user.firstName));
          navigate(redirectTarget(location.state), { replace: true });
        },
        onError: (error) => {
          setErrors(firstFieldErrors(error));
          notify.error(t.loginFailed, errorSummary(error, t.invalidCredentials));
        },
      },
    );
  }

  return (
    <AuthCard
      icon={LogIn}
      title={t.welcomeBack}
      description={t.loginIntro}
    >
      <AccountTypeTabs value={accountType} onChange={setAccountType}>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label={t.signInTo(accountType)}>
          <TextField
            label={t.emailAddress}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            placeholder={accountType === 'business' ? 'procurement@hospital.com' : 'you@example.com'}
          />
          <PasswordField
            label={t.password}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField label={t.rememberMe} name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
              {t.forgotPassword}
            </Link>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? t.signingIn : t.signIn}
          </Button>
        </form>
      </AccountTypeTabs>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t.noAccount}{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          {t.signUp}
        </Link>
      </p>
    </AuthCard>
  );
}
