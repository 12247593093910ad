import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { changePassword, type Session } from '#contracts/profile';
import { newPassword, repeated } from '../auth/account-rules.ts';
import { useErrorText } from '../lib/error-text.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { sessionsQuery, useChangePasswordMutation, useRevokeSessionMutation } from './profile.api.ts';
import { useFormat } from '../i18n/use-format.ts';

/** The contract's body, with the server's length rule for the new password and its confirmation checked first. */
const changePasswordForm = changePassword.body
  .extend({ new_password: newPassword(changePassword.body.shape.new_password) })
  .check(repeated('new_password', 'new_password_confirm'));

const EMPTY = { current_password: '', new_password: '', new_password_confirm: '' };

const PHONES = new Set(['iPhone', 'iPad', 'Android']);

/** 'Firefox on Windows', from what the browser said at sign-in. */
const deviceName = (session: Session, t: TFunction<'profile'>) =>
  session.browser || session.os ? t('browserOn', { browser: session.browser ?? t('unknownBrowser'), os: session.os ?? t('unknownSystem') }) : t('unknownBrowser');

function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const failureText = useErrorText();
  const change = useChangePasswordMutation();
  const form = useContractForm(changePasswordForm, { defaultValues: EMPTY });
  const { register, errorText } = form;

  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        notify.success(t('passwordChanged'), t('passwordChangedText'));
      },
      onError: (error) => {
        form.setServerErrors(error);
        notify.error(t('passwordNotChanged'), failureText(error));
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4">
      <h2 className="text-lg font-bold text-slate-900">{t('changePassword')}</h2>
      <PasswordField label={t('currentPassword')} required autoComplete="current-password" {...register('current_password')} error={errorText('current_password')} />
      <PasswordField label={t('newPassword')} required autoComplete="new-password" hint={t('newPasswordHint')} {...register('new_password')} error={errorText('new_password')} />
      <PasswordField label={t('confirmPassword')} required autoComplete="new-password" {...register('new_password_confirm')} error={errorText('new_password_confirm')} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('changing') : t('changePasswordButton')}
      </Button>
      <p className="text-sm text-slate-600">{t('othersSignedOut')}</p>
    </form>
  );
}

function SessionsList() {
  const { t } = useTranslation('profile');
  const { data, isPending, error } = useQuery(sessionsQuery());
  const revoke = useRevokeSessionMutation();
  const failureText = useErrorText();
  const f = useFormat();

  const onRevoke = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => notify.success(t('sessionSignedOut'), t('sessionSignedOutText')),
      onError: (failure) => notify.error(t('signOutFailed'), failureText(failure)),
    });

  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      <h2 id="sessions-heading" className="text-lg font-bold text-slate-900">{t('activeSessions')}</h2>
      {isPending ? (
        <Skeleton className="h-20" />
      ) : error ? (
        <p role="alert" className="text-sm text-red-700">{t('sessionsFailed')}</p>
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
                      {session.current && <Badge tone="success">{t('thisDevice')}</Badge>}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {t('signedInAt', { signedIn: f.dateTime(session.created_at), lastActive: f.dateTime(session.last_used_at) })}
                    </span>
                  </span>
                </span>
                {!session.current && (
                  <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => onRevoke(session.id)} aria-label={t('signOutDevice', { device })}>
                    <LogOut aria-hidden="true" className="h-4 w-4" /> {t('signOut')}
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
