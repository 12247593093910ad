import { useTranslation } from 'react-i18next';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { RETURN_DISPOSITIONS, receiveReturnBody, type StaffReturnView } from '#contracts/returns';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { withVariant } from '../catalog/with-variant.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { type RunAction, useSettle } from './staff-returns-action.ts';

/** One part of a line as it came back: its units, where they go, and the lot and UDI printed on them. */
interface ReceiptDraft {
  order_item_id: number;
  quantity: string;
  disposition: string;
  lot_number: string;
  udi: string;
}

const optional = (text: string) => (text.trim() === '' ? undefined : text);

/** The contract's body, read from the form: an empty box is no number (NaN), never 0; an empty lot or UDI is none. */
const receiveForm = z.preprocess((draft: { items: ReceiptDraft[] }) => ({
  items: draft.items.map((row) => ({
    ...row,
    quantity: row.quantity.trim() === '' ? Number.NaN : Number(row.quantity),
    lot_number: optional(row.lot_number),
    udi: optional(row.udi),
  })),
}), receiveReturnBody);

const rowFor = (orderItemId: number, quantity: number | ''): ReceiptDraft =>
  ({ order_item_id: orderItemId, quantity: String(quantity), disposition: '', lot_number: '', udi: '' });

/**
 * Records what came back of an approved return. Each line starts as one part holding all its units; staff split it
 * across dispositions (so many restocked, so many scrapped), each part with its own lot and UDI.
 */
export function StaffReturnsReceiveForm({ rma, run, onClose }: { rma: StaffReturnView; run: RunAction; onClose: () => void }) {
  const { t } = useTranslation('staff-returns');
  const f = useFormat();
  const settle = useSettle();
  const form = useContractForm(receiveForm, { defaultValues: { items: rma.items.map((line) => rowFor(line.order_item_id, line.quantity)) } });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const { register, errorText } = form;

  const submit = form.handleSubmit(async (body) => {
    if (await settle(run({ kind: 'receive', rma: rma.rma, body }), form.setServerErrors)) onClose();
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('receiveFor', { rma: rma.rma })} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-sm text-slate-700">{t('receiveIntro')}</p>
      {rma.items.map((line) => {
        const parts = rows.fields.map((row, index) => ({ row, index })).filter(({ row }) => row.order_item_id === line.order_item_id);
        const name = withVariant(line.name, line.variant_label);
        return (
          <fieldset key={line.id} className="space-y-2" data-testid="receive-line">
            <legend className="text-sm font-semibold text-slate-900">
              <DataText>{name}</DataText> · {t('unitsAsked', { count: line.quantity, units: f.number(line.quantity) })}
            </legend>
            {parts.map(({ row, index }, n) => (
              <div key={row.id} role="group" aria-label={t('part', { name, n: f.number(n + 1) })} data-testid="receive-part"
                className="grid grid-cols-2 items-start gap-2 rounded-lg border border-slate-200 bg-white p-2 sm:grid-cols-[6rem_1fr_1fr_1fr_auto]">
                <TextField label={t('units')} required inputMode="numeric" {...register(`items.${index}.quantity`)} error={errorText(`items.${index}.quantity`)} />
                <SelectField label={t('dispositionLabel')} required placeholder={t('chooseDisposition')}
                  options={RETURN_DISPOSITIONS.map((value) => ({ value, label: t('disposition', { context: value }) }))}
                  {...register(`items.${index}.disposition`)} error={errorText(`items.${index}.disposition`)} />
                <TextField label={t('lotNumber')} dir="ltr" {...register(`items.${index}.lot_number`)} error={errorText(`items.${index}.lot_number`)} />
                <TextField label={t('udi')} dir="ltr" {...register(`items.${index}.udi`)} error={errorText(`items.${index}.udi`)} />
                {rows.fields.length > 1 && (
                  <Button type="button" variant="ghost" size="icon" className="text-red-700 sm:mt-7" aria-label={t('removePart', { name, n: f.number(n + 1) })}
                    onClick={() => rows.remove(index)}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                )}
                <div className="col-span-full empty:hidden">
                  <FieldMessage id={`${row.id}-line`} error={errorText(`items.${index}.order_item_id`)} />
                </div>
              </div>
            ))}
            <Button type="button" variant="secondary" size="sm" onClick={() => rows.append(rowFor(line.order_item_id, ''))}>
              <Plus aria-hidden="true" className="h-4 w-4" /> {t('addPart', { name })}
            </Button>
          </fieldset>
        );
      })}
      <FieldMessage id={`${rma.rma}-receipts`} error={errorText('items')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{t('receiveSubmit')}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>{t('close')}</Button>
      </div>
    </form>
  );
}
