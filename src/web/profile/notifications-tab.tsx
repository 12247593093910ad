import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { useUpdateProfileMutation } from './profile.api.ts';

/** The notification settings the storefront offers, each sent alone so the others stay as stored. */
type Setting = 'email' | 'cartReminders';

const SETTINGS: { key: Setting; label: 'emailChannel' | 'cartRemindersChannel'; text: 'emailChannelText' | 'cartRemindersChannelText' }[] = [
  { key: 'email', label: 'emailChannel', text: 'emailChannelText' },
  { key: 'cartReminders', label: 'cartRemindersChannel', text: 'cartRemindersChannelText' },
];

/**
 * Email is the one channel the shop sends notifications by: order mail, and reminders about a cart left behind. The
 * profile's `sms` and `push` settings stay stored as they are, and are not offered while nothing sends text messages
 * or push notifications.
 */
export function NotificationsTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const save = useUpdateProfileMutation();

  const toggle = (key: Setting, on: boolean) =>
    save.mutate(
      { preferences: { notifications: { [key]: on } } },
      {
        onSuccess: () => notify.success(t('preferencesSaved'), t('preferencesSavedText')),
        onError: () => notify.error(t('updateFailed'), t('updateFailedText')),
      },
    );

  return (
    <div className="space-y-3">
      {SETTINGS.map(({ key, label, text }) => (
        <div key={key} className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-4">
          <span>
            <span id={`notify-${key}`} className="block font-semibold text-slate-900">{t(label)}</span>
            <span className="block text-sm text-slate-600">{t(text)}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-labelledby={`notify-${key}`}
            checked={user.preferences.notifications?.[key] ?? true}
            disabled={save.isPending}
            onChange={(event) => toggle(key, event.target.checked)}
            className="h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5.5 rtl:before:-translate-x-0.5 rtl:checked:before:-translate-x-5.5 disabled:opacity-60"
          />
        </div>
      ))}
    </div>
  );
}
