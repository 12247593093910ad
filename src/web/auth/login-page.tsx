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

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useLoginMutation();
  const [accountType, setAccountType] = useState<AccountType>('individual');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!email.trim()) missing.email = 'This field is required.';
    if (!password) missing.password = 'This field is required.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    signIn.mutate(
      { email, password, account_type: accountType, remember },
      {
        onSuccess: (user) => {
          notify.success('Login successful', `Welcome back, ${user.firstName}!`);
          navigate(redirectTarget(location.state), { replace: true });
        },
        onError: (error) => {
          setErrors(firstFieldErrors(error));
          notify.error('Login failed', errorSummary(error, 'Invalid credentials'));
        },
      },
    );
  }

  return (
    <AuthCard
      icon={LogIn}
      title="Welcome Back"
      description="Sign in to order instruments, reorder supplies and track your deliveries."
    >
      <AccountTypeTabs id="login" value={accountType} onChange={setAccountType}>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label={`Sign in to a ${accountType} account`}>
          <TextField
            label="Email address"
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
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField label="Remember me" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign In'}
          </Button>
        </form>
      </AccountTypeTabs>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
