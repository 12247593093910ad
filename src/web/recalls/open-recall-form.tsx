import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AlertOctagon } from 'lucide-react';
import { openRecallBody } from '#contracts/recalls';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { FieldMessage, FormField, controlClasses } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { choicesQuery } from '../inventory/inventory.api.ts';
import { withVariant } from '../catalog/with-variant.ts';
import { productLotsQuery } from '../lots/lots.api.ts';
import { useOpenRecall } from './recalls.api.ts';
import { useErrorText } from '../lib/error-text.ts';

interface RecallDraft {
  /** Set with the variant: the product it belongs to. */
  productId: string;
  variant_id: string;
  lotNumbers: string[];
  reason: string;
}

/** The contract's recall, read from the form: the variant as the select's value, and its product. */
const recallForm = z.preprocess((draft: RecallDraft) => ({
  ...draft, productId: Number(draft.productId), variant_id: draft.variant_id ? Number(draft.variant_id) : undefined,
}), openRecallBody);

const LOTS_ERROR_ID = 'recall-lots-error';

export function OpenRecallForm() {
  const { t } = useTranslation('recalls');
  const failureText = useErrorText();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const open = useOpenRecall();
  const form = useContractForm(recallForm, {
    defaultValues: { productId: '', variant_id: '', lotNumbers: [], reason: '' },
    overrides: { productId: t('chooseProductError') },
  });
  const { register, errorText } = form;
  // Held by a controller: react-hook-form reads a lone registered checkbox as one value, not as a list of one.
  const chosen = useController({ control: form.control, name: 'lotNumbers' }).field;
  const productId = form.watch('productId');
  const variantId = form.watch('variant_id');
  // Too few lots is named by the form's own words; a lot the server refuses keeps the server's.
  const lotsError = form.formState.errors.lotNumbers?.type === 'too_small' ? t('chooseLots') : errorText('lotNumbers');

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const choices = useQuery(choicesQuery(debounced));
  const lots = useQuery({ ...productLotsQuery(Number(productId)), enabled: productId !== '' });
  const numbered = (lots.data?.lots ?? [])
    .filter((lot) => String(lot.variantId) === variantId && lot.lotNumber !== null && lot.status !== 'recalled');

  const submit = form.handleSubmit((body) => open.mutate(body, {
    onSuccess: (recall) => {
      notify.success(t('opened'), t('openedText', { count: recall.progress.orders }));
      form.reset({ ...form.getValues(), lotNumbers: [], reason: '' });
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('openFailed'), failureText(error));
    },
  }));

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <AlertOctagon aria-hidden="true" className="h-5 w-5 text-red-700" /> {t('openHeading')}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('findProduct')} type="search" value={search} placeholder={t('searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)} />
          <SelectField
            label={t('product')}
            required
            {...register('variant_id', {
              onChange: (event: { target: { value: string } }) => {
                const choice = choices.data?.items.find((item) => String(item.variantId) === event.target.value);
                form.setValue('productId', choice ? String(choice.productId) : '');
                chosen.onChange([]);
              },
            })}
            options={(choices.data?.items ?? []).map((c) => ({
              value: String(c.variantId), label: t('choiceLabel', { name: withVariant(c.productName, c.variantLabel), model: c.productModel }),
            }))}
            placeholder={choices.isLoading ? t('loading') : t('chooseProduct')}
            error={errorText('productId') ?? errorText('variant_id')}
          />
        </div>
        {productId && (
          <fieldset aria-describedby={lotsError ? LOTS_ERROR_ID : undefined}>
            <legend className="mb-2 text-sm font-semibold text-slate-800">{t('lots')}</legend>
            {lots.isPending ? <Skeleton className="h-10 w-full" /> : numbered.length === 0 ? (
              <p className="text-sm text-slate-600">{t('noLots')}</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {numbered.map(({ id, lotNumber, expiryDate, currentStock }) => (
                  <li key={id}>
                    <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-brand-700"
                        checked={chosen.value.includes(lotNumber!)}
                        onChange={(event) => chosen.onChange(event.target.checked
                          ? [...chosen.value, lotNumber!]
                          : chosen.value.filter((number) => number !== lotNumber))}
                      />
                      <span dir="ltr" className="font-mono">
                        {expiryDate
                          ? t('lotLine', { lot: lotNumber!, expiry: expiryDate, units: currentStock })
                          : t('lotLineUndated', { lot: lotNumber!, units: currentStock })}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <FieldMessage id={LOTS_ERROR_ID} error={lotsError} />
          </fieldset>
        )}
        <FormField label={t('reasonLabel')} error={errorText('reason')}>
          {(control) => (
            <textarea
              {...control}
              {...register('reason')}
              maxLength={1000}
              rows={3}
              placeholder={t('reasonPlaceholder')}
              className={controlClasses(Boolean(errorText('reason')), 'py-2')}
            />
          )}
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={open.isPending || !productId}>
            {open.isPending ? t('opening') : t('open')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
