import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor } from 'lucide-react';
import { errorSummary, firstFieldErrors } from '../auth/field-errors.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { sessionsQuery, useChangePasswordMutation, useRevokeSessionMutation } from './profile.api.ts';

const EMPTY = { current_password: '', new_password: '', new_password_confirm: '' };
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangePasswordMutation();

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const name of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) if (!values[name]) found[name] = 'This field is required.';
    if (values.new_password && values.new_password_confirm && values.new_password !== values.new_password_confirm) {
      found.new_password_confirm = 'Passwords do not match';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(values, {
      onSuccess: ({ detail }) => {
        setValues(EMPTY);
        notify.success('Password changed', detail);
      },
      onError: (error) => {
        setErrors(firstFieldErrors(error));
        notify.error('Password not changed', errorSummary(error, 'Failed to change password. Please try again.'));
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
      <h2 className="text-lg font-bold text-slate-900">Change password</h2>
      <PasswordField label="Current password" required autoComplete="current-password" {...field('current_password')} />
      <PasswordField label="New password" required autoComplete="new-password" hint="At least 8 characters, not only digits, not a common password." {...field('new_password')} />
      <PasswordField label="Confirm new password" required autoComplete="new-password" {...field('new_password_confirm')} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change Password'}
      </Button>
      <p className="text-sm text-slate-600">Changing your password signs out every other device.</p>
    </form>
  );
}

function SessionsList() {
  const { data, isPending, error } = useQuery(sessionsQuery());
  const revoke = useRevokeSessionMutation();

  const onRevoke = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => notify.success('Session signed out', 'That device will need to sign in again.'),
      onError: (failure) => notify.error('Sign out failed', errorSummary(failure, 'Unable to sign out that session.')),
    });

  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      <h2 id="sessions-heading" className="text-lg font-bold text-slate-900">Active sessions</h2>
      {isPending ? (
        <Skeleton className="h-20" />
      ) : error ? (
        <p role="alert" className="text-sm text-red-700">Unable to load your sessions. {error.message}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {data.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span className="flex items-center gap-3">
                <Monitor aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
                <span>
                  <span className="block font-semibold text-slate-900">
                    {session.current ? 'This device' : 'Signed-in device'}
                  </span>
                  <span className="block text-sm text-slate-600">
                    Signed in {dateTime.format(new Date(session.created_at))} · last active {dateTime.format(new Date(session.last_used_at))}
                  </span>
                </span>
              </span>
              {!session.current && (
                <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => onRevoke(session.id)}>
                  <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SecurityTab() {
  return (
    <div className="space-y-10">
      <ChangePasswordForm />
      <SessionsList />
    </div>
  );
}
