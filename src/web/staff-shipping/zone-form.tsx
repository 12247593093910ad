import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MapPinned } from 'lucide-react';
import { PAKISTAN_PROVINCES } from '#contracts/shipping';
import { zoneInput, type StaffShippingZone } from '#contracts/staff-shipping';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useErrorText } from '../lib/error-text.ts';
import { usePlaceNames } from './place-names.ts';
import { useSaveZone } from './staff-shipping.api.ts';

/** What the form holds: lists as typed, one text each. */
interface ZoneDraft {
  name: string;
  countries: string;
  provinces: string[];
  cities: string;
  rest_of_world: boolean;
  tax_rate: string;
}

/** Codes typed with commas or spaces between them: 'kz, UZ' → ['kz', 'UZ']. */
export const codesOf = (text: string): string[] => text.split(/[\s,;]+/).filter((code) => code !== '');
/** Names typed with commas between them. */
export const namesOf = (text: string): string[] => text.split(/[,;\n]/).map((name) => name.trim()).filter((name) => name !== '');

/** The contract's zone, read from the form: an empty tax rate is the shop's. */
const zoneForm = z.preprocess((draft: ZoneDraft) => ({
  ...draft,
  countries: codesOf(draft.countries),
  provinces: Array.isArray(draft.provinces) ? draft.provinces : [],
  cities: namesOf(draft.cities),
  tax_rate: draft.tax_rate.trim() === '' ? null : draft.tax_rate,
}), zoneInput);

const valuesOf = (zone: StaffShippingZone | null): ZoneDraft => ({
  name: zone?.name ?? '',
  countries: zone?.countries.join(', ') ?? '',
  provinces: zone?.provinces ?? [],
  cities: zone?.cities.join(', ') ?? '',
  rest_of_world: zone?.rest_of_world ?? false,
  tax_rate: zone?.tax_rate ?? '',
});

/** A new zone, or a change to `editing`, in a dialog; the server's refusals show under their fields. */
export function ZoneForm({ editing, onClose }: { editing: StaffShippingZone | null; onClose: () => void }) {
  const { t } = useTranslation('staff-shipping');
  const failureText = useErrorText();
  const places = usePlaceNames();
  const save = useSaveZone();
  const form = useContractForm(zoneForm, { defaultValues: valuesOf(editing) });
  const { register, errorText } = form;
  const world = form.watch('rest_of_world');
  const typed = codesOf(form.watch('countries')).map((code) => code.toUpperCase());

  const submit = form.handleSubmit((body) => save.mutate({ id: editing?.id ?? null, body }, {
    onSuccess: (zone) => {
      notify.success(editing ? t('zoneSaved') : t('zoneCreated'), zone.name);
      onClose();
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('saveFailed'), failureText(error));
    },
  }));

  const heading = editing ? t('editZone', { name: editing.name }) : t('newZone');
  return (
    <Modal open icon={MapPinned} title={heading} onOpenChange={(open) => !open && onClose()}>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate aria-label={heading}>
        <TextField label={t('zoneName')} required {...register('name')} error={errorText('name')} />
        <CheckboxField label={t('restOfWorld')} {...register('rest_of_world')} error={errorText('rest_of_world')} />
        {!world && (
          <>
            <div>
              <TextField label={t('countries')} dir="ltr" autoCapitalize="characters" hint={t('countriesHint')}
                {...register('countries')} error={errorText('countries')} />
              {typed.length > 0 && (
                <p className="mt-1 text-sm text-slate-700" data-testid="country-preview">
                  {places.list(typed.map((code) => places.country(code) ?? code))}
                </p>
              )}
            </div>
            <fieldset aria-describedby={errorText('provinces') ? 'zone-provinces-error' : undefined}>
              <legend className="text-sm font-medium text-slate-800">{t('provinces')}</legend>
              <p className="text-xs text-slate-600">{t('provincesHint')}</p>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {PAKISTAN_PROVINCES.map((province) => (
                  <CheckboxField key={province} label={places.province(province)} value={province} {...register('provinces')} />
                ))}
              </div>
              <FieldMessage id="zone-provinces-error" error={errorText('provinces')} />
            </fieldset>
            <TextField label={t('cities')} hint={t('citiesHint')} {...register('cities')} error={errorText('cities')} />
          </>
        )}
        <TextField label={t('taxRate')} inputMode="decimal" dir="ltr" hint={t('taxRateHint')} {...register('tax_rate')} error={errorText('tax_rate')} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" disabled={save.isPending}>{save.isPending ? t('saving') : editing ? t('save') : t('createZone')}</Button>
        </div>
      </form>
    </Modal>
  );
}
