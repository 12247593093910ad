import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TicketPercent } from 'lucide-react';
import { PROMO_KINDS, promoInput, type StaffPromoCode } from '#contracts/promo';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { instant, localInput } from '../forms/date-time-input.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { StaffFormCard } from '../staff/staff-editor-page.tsx';
import { useSavePromoCode } from './staff-promo.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** What the form holds: every field as its input gives it. */
interface PromoDraft {
  code: string;
  kind: string;
  value: string;
  min_subtotal: string;
  starts_at: string;
  expires_at: string;
  max_uses: string;
  per_user_limit: string;
  active: boolean;
}

const optional = (text: string) => (text.trim() === '' ? null : text);
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** The contract's code, read from the form: empty dates and limits are none, dates in the browser's time zone. */
const promoForm = z.preprocess((draft: PromoDraft) => ({
  ...draft,
  starts_at: optional(instant(draft.starts_at)),
  expires_at: optional(instant(draft.expires_at)),
  max_uses: optionalNumber(draft.max_uses),
  per_user_limit: optionalNumber(draft.per_user_limit),
}), promoInput);

const valuesOf = (promo: StaffPromoCode | null): PromoDraft => ({
  code: promo?.code ?? '',
  kind: promo?.kind ?? 'percent',
  value: promo?.value ?? '',
  min_subtotal: promo?.min_subtotal ?? '0.00',
  starts_at: promo?.starts_at ? localInput(promo.starts_at) : '',
  expires_at: promo?.expires_at ? localInput(promo.expires_at) : '',
  max_uses: promo?.max_uses == null ? '' : String(promo.max_uses),
  per_user_limit: promo?.per_user_limit == null ? '' : String(promo.per_user_limit),
  active: promo?.active ?? true,
});

/** A new code, or a change to `editing`. */
export function PromoCodeForm({ editing, onDone }: { editing: StaffPromoCode | null; onDone: () => void }) {
  const { t } = useTranslation('staff-promo-codes');
  const failureText = useErrorText();
  const save = useSavePromoCode();
  const form = useContractForm(promoForm, { defaultValues: valuesOf(editing) });
  const { register, errorText } = form;
  const percent = form.watch('kind') === 'percent';

  const submit = form.handleSubmit((body) => save.mutate({ id: editing?.id ?? null, body }, {
    onSuccess: (promo) => {
      notify.success(editing ? t('saved') : t('created'), promo.code);
      form.reset(valuesOf(null));
      onDone();
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('saveFailed'), failureText(error));
    },
  }));

  const heading = editing ? t('editHeading', { code: editing.code }) : t('newHeading');
  return (
    <StaffFormCard icon={TicketPercent} heading={heading} onSubmit={submit} editing={editing !== null} onCancel={onDone} pending={save.isPending}
      texts={{ cancel: t('cancelEdit'), saving: t('saving'), save: t('save'), create: t('create') }}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('code')} required dir="ltr" autoCapitalize="characters" hint={t('codeHint')}
          {...register('code')} error={errorText('code')} />
        <SelectField label={t('kind')} required options={PROMO_KINDS.map((kind) => ({ value: kind, label: t('kindName', { context: kind }) }))}
          {...register('kind')} error={errorText('kind')} />
        <TextField label={percent ? t('percentValue') : t('fixedValue')} required inputMode="decimal" dir="ltr"
          {...register('value')} error={errorText('value')} />
        <TextField label={t('minSubtotal')} inputMode="decimal" dir="ltr" hint={t('minSubtotalHint')}
          {...register('min_subtotal')} error={errorText('min_subtotal')} />
        <TextField label={t('startsAt')} type="datetime-local" hint={t('emptyIsNone')} {...register('starts_at')} error={errorText('starts_at')} />
        <TextField label={t('expiresAt')} type="datetime-local" hint={t('emptyIsNone')} {...register('expires_at')} error={errorText('expires_at')} />
        <TextField label={t('maxUses')} inputMode="numeric" dir="ltr" hint={editing ? t('maxUsesHint', { count: editing.uses }) : t('emptyIsNone')}
          {...register('max_uses')} error={errorText('max_uses')} />
        <TextField label={t('perUserLimit')} inputMode="numeric" dir="ltr" hint={t('emptyIsNone')}
          {...register('per_user_limit')} error={errorText('per_user_limit')} />
      </div>
      <CheckboxField label={t('active')} {...register('active')} error={errorText('active')} />
    </StaffFormCard>
  );
}
