import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { addDays, shopDay, STANDING_ORDER_FREQUENCIES, type StandingOrder, type StandingOrderFrequency } from '#contracts/standing-orders';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { serverIssueErrors, useIssueText, type IssueError } from '../lib/issue-text.ts';
import { useErrorText } from '../lib/error-text.ts';
import { addressLine } from '../organisation-purchasing/address-line.ts';
import { useAddressChoices, type AddressChoice } from './address-choices.ts';
import { useSaveStandingOrder } from './standing-orders.api.ts';

type Field = 'frequency' | 'first_run_on' | 'shipping_address' | 'department_id' | 'po_number';

const sameAddress = (choice: AddressChoice, current: StandingOrder) =>
  choice.departmentId === current.department_id && choice.address.address === current.shipping_address.address
  && choice.address.city === current.shipping_address.city && choice.address.postalCode === current.shipping_address.postalCode;

interface FormProps {
  listId: number;
  current: StandingOrder | null;
  onDone: () => void;
}

/** Sets a standing order up, or changes it: how often, from which day, where it ships and under which PO number. */
export function StandingOrderForm(props: FormProps) {
  const { t } = useTranslation('standing-orders');
  const { choices, poRequired, pending } = useAddressChoices();
  if (pending) return <p role="status" className="text-sm text-slate-600">{t('loading')}</p>;
  return <FormFields {...props} choices={choices} poRequired={poRequired} />;
}

function FormFields({ listId, current, onDone, choices, poRequired }: FormProps & { choices: AddressChoice[]; poRequired: boolean }) {
  const { t } = useTranslation('standing-orders');
  const issueText = useIssueText();
  const errorText = useErrorText();
  const save = useSaveStandingOrder(listId);
  const tomorrow = addDays(shopDay(new Date()), 1);
  const [frequency, setFrequency] = useState<StandingOrderFrequency>(current?.frequency ?? 'weekly');
  const [firstRunOn, setFirstRunOn] = useState(current && current.next_run_on >= tomorrow ? current.next_run_on : tomorrow);
  const [chosen, setChosen] = useState<string>(() => {
    const index = current ? choices.findIndex((choice) => sameAddress(choice, current)) : 0;
    return String(Math.max(index, 0));
  });
  const [poNumber, setPoNumber] = useState(current?.po_number ?? '');
  const [problems, setProblems] = useState<Partial<Record<Field, IssueError>>>({});
  const choice = choices[Number(chosen)];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    save.mutate({
      frequency, first_run_on: firstRunOn, shipping_address: choice.address, department_id: choice.departmentId, po_number: poNumber.trim(),
    }, {
      onSuccess: () => {
        notify.success(t('saved'));
        onDone();
      },
      onError: (error) => {
        const found: Partial<Record<Field, IssueError>> = {};
        for (const [path, issue] of Object.entries(serverIssueErrors(error))) {
          const field = path.split('.')[0] as Field;
          found[field] ??= issue;
        }
        setProblems(found);
        if (Object.keys(found).length === 0) notify.error(t('saveFailed'), errorText(error));
      },
    });
  };
  const problem = (field: Field) => issueText(problems[field]);

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={t('frequency')} value={frequency} error={problem('frequency')}
        onChange={(event) => setFrequency(event.target.value as StandingOrderFrequency)}
        options={STANDING_ORDER_FREQUENCIES.map((value) => ({ value, label: t(`frequency_${value}`) }))}
      />
      <TextField
        label={t('firstRunOn')} type="date" min={tomorrow} value={firstRunOn} error={problem('first_run_on')} hint={t('firstRunHint')}
        onChange={(event) => setFirstRunOn(event.target.value)} required
      />
      <div className="sm:col-span-2">
        {choices.length === 0 ? (
          <p className="text-sm text-slate-600">
            {t('noAddress')} <Link to="/profile/settings?tab=billing" className="font-medium text-brand-700 underline">{t('addAddress')}</Link>
          </p>
        ) : (
          <SelectField
            label={t('shipTo')} value={chosen} onChange={(event) => setChosen(event.target.value)}
            error={problem('shipping_address') ?? problem('department_id')}
            options={choices.map((option, index) => ({
              value: String(index),
              label: option.departmentName ? `${option.departmentName}: ${addressLine(option.address)}` : addressLine(option.address),
            }))}
          />
        )}
      </div>
      <TextField
        label={t('poNumber')} value={poNumber} maxLength={50} error={problem('po_number')} required={poRequired}
        onChange={(event) => setPoNumber(event.target.value)} hint={poRequired ? t('poRequired') : t('poOptional')}
      />
      <div className="flex flex-wrap items-end justify-end gap-3 sm:col-span-2">
        {current && <Button type="button" variant="ghost" onClick={onDone}>{t('cancel')}</Button>}
        <Button type="submit" disabled={save.isPending || !choice}>{save.isPending ? t('saving') : current ? t('saveChanges') : t('start')}</Button>
      </div>
    </form>
  );
}
