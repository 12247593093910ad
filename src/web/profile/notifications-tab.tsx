import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { useUpdateProfileMutation } from './profile.api.ts';

/**
 * Email is the one channel the shop sends notifications by; the profile's `sms` and `push` settings stay stored as
 * they are, and are not offered while nothing sends text messages or push notifications.
 */
export function NotificationsTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const save = useUpdateProfileMutation();
  const email = user.preferences.notifications?.email ?? true;

  const toggle = (on: boolean) =>
    save.mutate(
      { preferences: { notifications: { email: on } } },
      {
        onSuccess: () => notify.success(t('preferencesSaved'), t('preferencesSavedText')),
        onError: () => notify.error(t('updateFailed'), t('updateFailedText')),
      },
    );

  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-4">
      <span>
        <span id="notify-email" className="block font-semibold text-slate-900">{t('emailChannel')}</span>
        <span className="block text-sm text-slate-600">{t('emailChannelText')}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-labelledby="notify-email"
        checked={email}
        disabled={save.isPending}
        onChange={(event) => toggle(event.target.checked)}
        className="h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5.5 rtl:before:-translate-x-0.5 rtl:checked:before:-translate-x-5.5 disabled:opacity-60"
      />
    </div>
  );
}
