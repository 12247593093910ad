import { useTranslation } from 'react-i18next';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_PRICE_TIERS, setPriceTiers, type PriceTier } from '#contracts/pricing';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useSetPriceTiers } from './pricing.api.ts';
import { useErrorText } from '../lib/error-text.ts';

interface TierDraft {
  min_quantity: string;
  unit_price: string;
}

/** The contract's tiers, read from the form: each quantity as typed. */
const tiersForm = z.preprocess(
  ({ tiers }: { tiers: TierDraft[] }) => ({ tiers: tiers.map((tier) => ({ ...tier, min_quantity: Number(tier.min_quantity) })) }),
  setPriceTiers.body,
);

/** Staff edit a product's tiers; the server checks them too and answers per field (tiers.1.unit_price). */
export function TierEditor({ productId, tiers, onDone }: { productId: number; tiers: PriceTier[]; onDone: () => void }) {
  const { t } = useTranslation('pricing');
  const failureText = useErrorText();
  const save = useSetPriceTiers();
  const form = useContractForm(tiersForm, {
    defaultValues: { tiers: tiers.map((tier) => ({ min_quantity: String(tier.min_quantity), unit_price: tier.unit_price })) },
  });
  const rows = useFieldArray({ control: form.control, name: 'tiers' });
  const { register, errorText } = form;

  const submit = form.handleSubmit((body) => save.mutate({ productId, body }, {
    onSuccess: () => { notify.success(t('saved')); onDone(); },
    onError: (error) => notify.error(t('notSaved'), form.setServerErrors(error) ? t('fixErrors') : failureText(error)),
  }));

  return (
    <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
      <p className="text-sm font-semibold text-slate-900">{t('editorHeading')}</p>
      <p className="text-xs text-slate-600">{t('editorIntro')}</p>
      {rows.fields.length === 0 && <p className="text-sm text-slate-600">{t('noTiers')}</p>}
      {rows.fields.map((row, i) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <TextField label={t('minQuantity')} inputMode="numeric" {...register(`tiers.${i}.min_quantity`)} error={errorText(`tiers.${i}.min_quantity`)} />
          <TextField label={t('tierPrice')} inputMode="decimal" {...register(`tiers.${i}.unit_price`)} error={errorText(`tiers.${i}.unit_price`)} />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="mt-7 text-red-700"
            aria-label={t('removeTier', { n: i + 1 })}
            onClick={() => rows.remove(i)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        {rows.fields.length < MAX_PRICE_TIERS && (
          <Button type="button" variant="secondary" size="sm" onClick={() => rows.append({ min_quantity: '', unit_price: '' })}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t('addTier')}
          </Button>
        )}
        <Button type="submit" size="sm" disabled={save.isPending}>{save.isPending ? t('saving') : t('saveTiers')}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>{t('cancel')}</Button>
      </div>
    </form>
  );
}
