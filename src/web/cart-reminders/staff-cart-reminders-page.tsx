import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BellRing } from 'lucide-react';
import {
  cartReminderSettingsBody, MAX_IDLE_HOURS, MIN_IDLE_HOURS, REMINDER_SWEEP_MINUTES, type CartReminderSettings,
} from '#contracts/cart-reminders';
import { staffAccess } from '#contracts/staff-roles';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';
import { StaffEditorPage } from '../staff/staff-editor-page.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { cartReminderSettingsQuery, useSaveCartReminderSettings } from './cart-reminders.api.ts';

/** What the form holds: the period as typed, and the code as typed ('' for none). */
interface SettingsDraft {
  enabled: boolean;
  idle_hours: string;
  promo_code: string;
}

/** The period as a number; an empty box is no number (NaN), never 0. */
const settingsForm = z.preprocess((draft: SettingsDraft) => ({
  ...draft,
  idle_hours: draft.idle_hours.trim() === '' ? Number.NaN : Number(draft.idle_hours),
}), cartReminderSettingsBody);

const draftOf = (settings: CartReminderSettings): SettingsDraft => ({
  enabled: settings.enabled, idle_hours: String(settings.idle_hours), promo_code: settings.promo_code ?? '',
});

function SettingsForm({ settings }: { settings: CartReminderSettings }) {
  const { t } = useTranslation('staff-cart-reminders');
  const f = useFormat();
  const errorText = useErrorText();
  const save = useSaveCartReminderSettings();
  const form = useContractForm(settingsForm, { defaultValues: draftOf(settings) });

  const submit = form.handleSubmit((body) => save.mutate(body, {
    onSuccess: (saved) => {
      form.reset(draftOf(saved));
      notify.success(t('saved'), saved.enabled ? t('savedOn', { count: saved.idle_hours }) : t('savedOff'));
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('saveFailed'), errorText(error));
    },
  }));

  return (
    <form noValidate onSubmit={submit} aria-label={t('formLabel')} className="space-y-5">
      <CheckboxField label={t('enabled')} {...form.register('enabled')} error={form.errorText('enabled')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('idleHours')} required inputMode="numeric" dir="ltr"
          hint={t('idleHoursHint', { min: f.number(MIN_IDLE_HOURS), max: f.number(MAX_IDLE_HOURS) })}
          {...form.register('idle_hours')} error={form.errorText('idle_hours')} />
        <TextField label={t('promoCode')} dir="ltr" autoCapitalize="characters" spellCheck={false} hint={t('promoCodeHint')}
          {...form.register('promo_code')} error={form.errorText('promo_code')} />
      </div>
      <Button type="submit" disabled={save.isPending}>{save.isPending ? t('saving') : t('save')}</Button>
    </form>
  );
}

function CartReminderSettingsPanel() {
  const { t } = useTranslation('staff-cart-reminders');
  const settings = useQuery(cartReminderSettingsQuery());
  return (
    <StaffEditorPage title={t('pageTitle')} heading={t('heading')} intro={t('intro')}>
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <BellRing aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('settingsHeading')}
        </h2>
        <p className="text-sm text-slate-600">{t('howItWorks', { minutes: REMINDER_SWEEP_MINUTES })}</p>
        {settings.isPending ? <Skeleton className="h-40 w-full" /> : settings.isError ? (
          <ErrorState title={t('loadFailed')} error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        ) : <SettingsForm settings={settings.data} />}
      </Card>
    </StaffEditorPage>
  );
}

/** /staff/cart-reminders (inside the sign-in guard): sales staff and the owner; everyone else is sent home. */
export function StaffCartRemindersPage() {
  const { t } = useTranslation('staff-cart-reminders');
  return <StaffOnly access={staffAccess.sales} reason={t('staffOnly')}><CartReminderSettingsPanel /></StaffOnly>;
}
