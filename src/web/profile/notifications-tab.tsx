import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { useUpdateProfileMutation } from './profile.api.ts';

const CHANNELS = [
  { key: 'email', label: 'emailChannel', text: 'emailChannelText' },
  { key: 'sms', label: 'smsChannel', text: 'smsChannelText' },
  { key: 'push', label: 'pushChannel', text: 'pushChannelText' },
] as const;

export function NotificationsTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const save = useUpdateProfileMutation();
  const current = { email: true, sms: false, push: false, ...user.preferences.notifications };

  const toggle = (key: (typeof CHANNELS)[number]['key'], on: boolean) =>
    save.mutate(
      { preferences: { notifications: { [key]: on } } },
      {
        onSuccess: () => notify.success(t('preferencesSaved'), t('preferencesSavedText')),
        onError: () => notify.error(t('updateFailed'), t('updateFailedText')),
      },
    );

  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {CHANNELS.map(({ key, label, text }) => (
        <li key={key} className="flex items-center justify-between gap-4 p-4">
          <span>
            <span id={`notify-${key}`} className="block font-semibold text-slate-900">{t(label)}</span>
            <span className="block text-sm text-slate-600">{t(text)}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-labelledby={`notify-${key}`}
            checked={current[key]}
            disabled={save.isPending}
            onChange={(event) => toggle(key, event.target.checked)}
            className="h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5.5 rtl:before:-translate-x-0.5 rtl:checked:before:-translate-x-5.5 disabled:opacity-60"
          />
        </li>
      ))}
    </ul>
  );
}
