import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderEditAddress, type OrderEditAddress } from '#contracts/order-edits';
import { ADDRESS_FIELDS, AddressField } from '../checkout/shipping-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { serverIssueErrors } from '../lib/issue-text.ts';
import type { EditRun } from './order-edit-run.ts';

/** The ship-to fields checkout asks for, but the buyer's email: the order's mail goes to their account. */
const FIELDS = ADDRESS_FIELDS.filter((field) => field.name !== 'email');
type Field = Exclude<(typeof FIELDS)[number]['name'], 'email'>;

/** Changes where the order ships; each field the server refuses is named on it. */
export function OrderEditAddressForm({ address, run }: { address: OrderEditAddress; run: EditRun }) {
  const { t } = useTranslation('order-edits');
  const [open, setOpen] = useState(false);
  const defaultValues = { company: '', postalCode: '', country: 'PK', ...address };
  const form = useContractForm(orderEditAddress, { defaultValues });

  const submit = form.handleSubmit(async (values) => {
    const refused = await run({ kind: 'address', address: values });
    if (refused === null) {
      setOpen(false);
      return;
    }
    Object.entries(serverIssueErrors(refused)).forEach(([field, issue], index) =>
      form.setError(field.replace(/^address\./, '') as Field, issue, { shouldFocus: index === 0 }));
  });

  if (!open) {
    return (
      <Button variant="secondary" size="sm" aria-expanded={false} onClick={() => { form.reset(defaultValues); setOpen(true); }}>
        {t('editAddress')}
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label={t('editAddress')} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('addressLegend')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <AddressField key={field.name} field={field} autoComplete={`shipping ${field.autoComplete}`}
              {...form.register(field.name as Field)} error={form.errorText(field.name as Field)} />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{t('saveAddress')}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>{t('close')}</Button>
      </div>
    </form>
  );
}
