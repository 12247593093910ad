import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Zap } from 'lucide-react';
import { createFlashSale, flashSaleBody, updateFlashSale, type FlashSaleBody, type StaffFlashSale } from '#contracts/flash-sales';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { instant, localInput } from '../forms/date-time-input.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { choicesQuery } from '../inventory/inventory.api.ts';
import { isApiError } from '../lib/api.ts';
import { StaffFormCard } from '../staff/staff-editor-page.tsx';
import { useSaveFlashSale } from './flash-sales.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const inHours = (hours: number) => localInput(new Date(Date.now() + hours * 3_600_000).toISOString());

/** What the form holds: every field as its input gives it. */
type SaleDraft = { [Field in keyof FlashSaleBody]-?: string };

/**
 * The contract's sale, read from the form: the variant from the select (its product with it), units as typed (empty:
 * while stock lasts), local times.
 */
const saleForm = z.preprocess((draft: SaleDraft) => ({
  ...draft,
  productId: Number(draft.productId),
  variantId: draft.variantId ? Number(draft.variantId) : null,
  units: draft.units.trim() === '' ? null : Number(draft.units),
  startsAt: instant(draft.startsAt),
  endsAt: instant(draft.endsAt),
}), flashSaleBody);

const valuesOf = (sale: StaffFlashSale | null): SaleDraft => sale
  ? {
      productId: String(sale.productId), variantId: String(sale.variantId), salePrice: sale.salePrice, startsAt: localInput(sale.startsAt), endsAt: localInput(sale.endsAt),
      units: sale.units === null ? '' : String(sale.units),
    }
  : { productId: '', variantId: '', salePrice: '', startsAt: inHours(0), endsAt: inHours(24), units: '' };

/** A new sale, or a change to `editing`; a sale that orders were priced by keeps its product (the server refuses a change). */
export function FlashSaleForm({ editing, onDone }: { editing: StaffFlashSale | null; onDone: () => void }) {
  const { t } = useTranslation('flash-sales');
  const failureText = useErrorText();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const save = useSaveFlashSale();
  const form = useContractForm(saleForm, {
    defaultValues: valuesOf(editing),
    overrides: { productId: t('chooseProductError'), startsAt: t('startsAtError'), endsAt: t('endsAtError') },
  });
  const { register, errorText } = form;
  const productFixed = editing !== null && editing.claimedUnits > 0;

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const choices = useQuery({ ...choicesQuery(debounced), enabled: !productFixed });
  const label = (variant: { productName: string; variantLabel: string; productModel: string }) => t('choiceLabel', {
    name: variant.variantLabel ? `${variant.productName} — ${variant.variantLabel}` : variant.productName, model: variant.productModel,
  });
  const items = productFixed ? [] : choices.data?.items ?? [];
  const options = items.map((c) => ({ value: String(c.variantId), label: label(c) }));
  if (editing && !options.some((option) => option.value === String(editing.variantId))) {
    options.unshift({ value: String(editing.variantId), label: label(editing) });
  }
  // The select picks a variant; the sale names its product too.
  const productOf = (variantId: string) =>
    String(items.find((c) => String(c.variantId) === variantId)?.productId ?? (editing && String(editing.variantId) === variantId ? editing.productId : ''));

  const submit = form.handleSubmit((body) => save.mutate({ id: editing?.id ?? null, body }, {
    onSuccess: (sale) => {
      notify.success(t('saved'), sale.productName);
      form.reset({ ...form.getValues(), salePrice: '', units: '' });
      onDone();
    },
    onError: (error) => {
      if (form.setServerErrors(error)) return;
      notify.error(t('saveFailed'), isApiError(error, [createFlashSale, updateFlashSale] as const, 'FLASH_SALE_OVERLAP') ? t('overlap') : failureText(error));
    },
  }));

  const heading = editing ? t('editHeading', { name: editing.productName }) : t('newHeading');
  return (
    <StaffFormCard icon={Zap} heading={heading} onSubmit={submit} editing={editing !== null} onCancel={onDone} pending={save.isPending}
      texts={{ cancel: t('cancelEdit'), saving: t('saving'), save: t('save'), create: t('create') }}>
      <div className="grid gap-4 sm:grid-cols-2">
        {!productFixed && (
          <TextField label={t('findProduct')} type="search" value={search} placeholder={t('searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)} />
        )}
        <SelectField label={t('product')} required options={options} hint={productFixed ? t('productFixed') : undefined}
          {...register('variantId', { onChange: (event) => form.setValue('productId', productOf(event.target.value)) })}
          placeholder={choices.isLoading ? t('loading') : t('chooseProduct')} error={errorText('productId') ?? errorText('variantId')} />
        <TextField label={t('salePrice')} required inputMode="decimal" dir="ltr" hint={t('salePriceHint')}
          {...register('salePrice')} error={errorText('salePrice')} />
        <TextField label={t('units')} inputMode="numeric" dir="ltr" hint={t('unitsHint')} {...register('units')} error={errorText('units')} />
        <TextField label={t('startsAt')} required type="datetime-local" {...register('startsAt')} error={errorText('startsAt')} />
        <TextField label={t('endsAt')} required type="datetime-local" {...register('endsAt')} error={errorText('endsAt')} />
      </div>
    </StaffFormCard>
  );
}
