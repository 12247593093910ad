import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import type { Session } from '#contracts/profile';
import { errorSummary, firstFieldErrors } from '../auth/field-errors.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { sessionsQuery, useChangePasswordMutation, useRevokeSessionMutation } from './profile.api.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { profileMessages, type ProfileMessages } from './messages.ts';

const EMPTY = { current_password: '', new_password: '', new_password_confirm: '' };

const PHONES = new Set(['iPhone', 'iPad', 'Android']);

/** 'Firefox on Windows', from what the browser said at sign-in. */
const deviceName = (session: Session, t: ProfileMessages) =>
  session.browser || session.os ? t.browserOn(session.browser ?? t.unknownBrowser, session.os ?? t.unknownSystem) : t.unknownBrowser;

function ChangePasswordForm() {
  const t = useMessages(profileMessages);
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
    for (const name of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) if (!values[name]) found[name] = t.required;
    if (values.new_password && values.new_password_confirm && values.new_password !== values.new_password_confirm) {
      found.new_password_confirm = t.passwordsDiffer;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(values, {
      onSuccess: ({ detail }) => {
        setValues(EMPTY);
        notify.success(t.passwordChanged, detail);
      },
      onError: (error) => {
        setErrors(firstFieldErrors(error));
        notify.error(t.passwordNotChanged, errorSummary(error, t.passwordFailedText));
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
      <h2 className="text-lg font-bold text-slate-900">{t.changePassword}</h2>
      <PasswordField label={t.currentPassword} required autoComplete="current-password" {...field('current_password')} />
      <PasswordField label={t.newPassword} required autoComplete="new-password" hint={t.newPasswordHint} {...field('new_password')} />
      <PasswordField label={t.confirmPassword} required autoComplete="new-password" {...field('new_password_confirm')} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t.changing : t.changePasswordButton}
      </Button>
      <p className="text-sm text-slate-600">{t.othersSignedOut}</p>
    </form>
  );
}

function SessionsList() {
  const t = useMessages(profileMessages);
  const { data, isPending, error } = useQuery(sessionsQuery());
  const revoke = useRevokeSessionMutation();
  const f = useFormat();

  const onRevoke = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => notify.success(t.sessionSignedOut, t.sessionSignedOutText),
      onError: (failure) => notify.error(t.signOutFailed, errorSummary(failure, t.signOutFailedText)),
    });

  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      <h2 id="sessions-heading" className="text-lg font-bold text-slate-900">{t.activeSessions}</h2>
      {isPending ? (
        <Skeleton className="h-20" />
      ) : error ? (
        <p role="alert" className="text-sm text-red-700">{t.sessionsFailed} {error.message}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {data.sessions.map((session) => {
            const device = deviceName(session, t);
            const Icon = session.os && PHONES.has(session.os) ? Smartphone : Monitor;
            return (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <span className="flex items-center gap-3">
                  <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
                  <span>
                    <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {device}
                      {session.current && <Badge tone="success">{t.thisDevice}</Badge>}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {t.signedInAt(f.dateTime(session.created_at), f.dateTime(session.last_used_at))}
                    </span>
                  </span>
                </span>
                {!session.current && (
                  <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => onRevoke(session.id)} aria-label={t.signOutDevice(device)}>
                    <LogOut aria-hidden="true" className="h-4 w-4" /> {t.signOut}
                  </Button>
                )}
              </li>
            );
          })}
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
