import { useTranslation } from 'react-i18next';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { Plus, Trash2, Truck } from 'lucide-react';
import { CARRIERS } from '#contracts/shipping';
import { MAX_WEIGHT_BANDS, methodInput, type StaffShippingMethod, type StaffShippingZone } from '#contracts/staff-shipping';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useErrorText } from '../lib/error-text.ts';
import { useSaveMethod } from './staff-shipping.api.ts';

interface BandDraft {
  up_to_grams: string;
  price: string;
}

/** What the form holds: every field as its input gives it. */
interface MethodDraft {
  name: string;
  carrier: string;
  service_code: string;
  weight_bands: BandDraft[];
  flat_price: string;
  free_over: string;
  days_min: string;
  days_max: string;
  cod_allowed: boolean;
  cod_limit: string;
  cod_fee: string;
  active: boolean;
}

const empty = (text: string) => text.trim() === '';
/** A whole number as typed; an empty box is no number (NaN), never 0. */
const wholeOf = (text: string) => (empty(text) ? Number.NaN : Number(text));
const optional = (text: string) => (empty(text) ? null : text);

/** The contract's method, read from the form: empty prices are none, an empty COD fee is 0. */
const methodForm = z.preprocess((draft: MethodDraft) => ({
  ...draft,
  weight_bands: draft.weight_bands.map((band) => ({ up_to_grams: wholeOf(band.up_to_grams), price: band.price })),
  flat_price: optional(draft.flat_price),
  free_over: optional(draft.free_over),
  days_min: wholeOf(draft.days_min),
  days_max: wholeOf(draft.days_max),
  cod_limit: optional(draft.cod_limit),
  cod_fee: empty(draft.cod_fee) ? '0' : draft.cod_fee,
}), methodInput);

const valuesOf = (method: StaffShippingMethod | null): MethodDraft => ({
  name: method?.name ?? '',
  carrier: method?.carrier ?? '',
  service_code: method?.service_code ?? '',
  weight_bands: method?.weight_bands.map((band) => ({ up_to_grams: String(band.up_to_grams), price: band.price })) ?? [],
  flat_price: method?.flat_price ?? '',
  free_over: method?.free_over ?? '',
  days_min: method ? String(method.days_min) : '',
  days_max: method ? String(method.days_max) : '',
  cod_allowed: method?.cod_allowed ?? false,
  cod_limit: method?.cod_limit ?? '',
  cod_fee: method?.cod_fee ?? '0.00',
  active: method?.active ?? true,
});

/** A new method of `zone`, or a change to `editing`, in a dialog; the server's refusals show under their fields. */
export function MethodForm({ zone, editing, onClose }: { zone: StaffShippingZone; editing: StaffShippingMethod | null; onClose: () => void }) {
  const { t } = useTranslation('staff-shipping');
  const failureText = useErrorText();
  const save = useSaveMethod();
  const form = useContractForm(methodForm, { defaultValues: valuesOf(editing) });
  const bands = useFieldArray({ control: form.control, name: 'weight_bands' });
  const { register, errorText } = form;
  const cod = form.watch('cod_allowed');

  const submit = form.handleSubmit((body) => save.mutate({ zoneId: zone.id, id: editing?.id ?? null, body }, {
    onSuccess: (method) => {
      notify.success(editing ? t('methodSaved') : t('methodCreated'), method.name);
      onClose();
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('saveFailed'), failureText(error));
    },
  }));

  const heading = editing ? t('editMethod', { name: editing.name }) : t('newMethod', { zone: zone.name });
  return (
    <Modal open icon={Truck} title={heading} onOpenChange={(open) => !open && onClose()}>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate aria-label={heading}>
        <TextField label={t('methodName')} required {...register('name')} error={errorText('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('carrier')} required placeholder={t('chooseCarrier')}
            options={CARRIERS.map((carrier) => ({ value: carrier, label: t('carrierName', { context: carrier }) }))}
            {...register('carrier')} error={errorText('carrier')} />
          <TextField label={t('serviceCode')} dir="ltr" hint={t('serviceCodeHint')} {...register('service_code')} error={errorText('service_code')} />
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('weightBands')}</legend>
          <p className="text-xs text-slate-600">{t('weightBandsHint')}</p>
          {bands.fields.map((band, i) => (
            <div key={band.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2" data-testid="weight-band">
              <TextField label={t('upToGrams')} inputMode="numeric" dir="ltr" {...register(`weight_bands.${i}.up_to_grams`)}
                error={errorText(`weight_bands.${i}.up_to_grams`)} />
              <TextField label={t('bandPrice')} inputMode="decimal" dir="ltr" {...register(`weight_bands.${i}.price`)}
                error={errorText(`weight_bands.${i}.price`)} />
              <Button type="button" variant="ghost" size="icon" className="mt-7 text-red-700" aria-label={t('removeBand', { n: i + 1 })}
                onClick={() => bands.remove(i)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          ))}
          {bands.fields.length < MAX_WEIGHT_BANDS && (
            <Button type="button" variant="secondary" size="sm" onClick={() => bands.append({ up_to_grams: '', price: '' })}>
              <Plus aria-hidden="true" className="h-4 w-4" /> {t('addBand')}
            </Button>
          )}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('flatPrice')} inputMode="decimal" dir="ltr" hint={t('flatPriceHint')} {...register('flat_price')} error={errorText('flat_price')} />
          <TextField label={t('freeOver')} inputMode="decimal" dir="ltr" hint={t('emptyIsNone')} {...register('free_over')} error={errorText('free_over')} />
          <TextField label={t('daysMin')} required inputMode="numeric" dir="ltr" {...register('days_min')} error={errorText('days_min')} />
          <TextField label={t('daysMax')} required inputMode="numeric" dir="ltr" {...register('days_max')} error={errorText('days_max')} />
        </div>

        <CheckboxField label={t('codAllowed')} {...register('cod_allowed')} error={errorText('cod_allowed')} />
        {cod && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('codLimit')} inputMode="decimal" dir="ltr" hint={t('emptyIsNoLimit')} {...register('cod_limit')} error={errorText('cod_limit')} />
            <TextField label={t('codFee')} inputMode="decimal" dir="ltr" {...register('cod_fee')} error={errorText('cod_fee')} />
          </div>
        )}
        <CheckboxField label={t('active')} {...register('active')} error={errorText('active')} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" disabled={save.isPending}>{save.isPending ? t('saving') : editing ? t('save') : t('createMethod')}</Button>
        </div>
      </form>
    </Modal>
  );
}
