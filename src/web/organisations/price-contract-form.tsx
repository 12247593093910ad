import { useTranslation } from 'react-i18next';
import { MAX_CONTRACT_NUMBER, type PriceContract, updatePriceContract } from '#contracts/organisations';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { isApiError } from '../lib/api.ts';
import { useErrorText } from '../lib/error-text.ts';
import { useUpdatePriceContract } from './organisations.api.ts';

/** The contract number and dates of an organisation's price list: outside the dates its buyers pay list prices. */
export function PriceContractForm({ organisationId, contract }: { organisationId: string; contract: PriceContract }) {
  const { t } = useTranslation('organisations');
  const failureText = useErrorText();
  const save = useUpdatePriceContract();
  const form = useContractForm(updatePriceContract.body, {
    defaultValues: { number: contract.number, starts_on: contract.starts_on ?? '', ends_on: contract.ends_on ?? '' },
    // The contract's own messages for these fields carry no message key.
    overrides: { number: t('contractNumberTooLong', { max: MAX_CONTRACT_NUMBER }), ends_on: t('contractEndsBeforeStart') },
  });
  const { register, errorText } = form;

  const submit = form.handleSubmit((body) => save.mutate({ id: organisationId, body }, {
    onSuccess: () => notify.success(t('contractSaved')),
    onError: (error) => {
      if (isApiError(error, updatePriceContract, 'NOT_VERIFIED')) notify.error(t('actionFailed'), t('verifyFirst'));
      else if (!form.setServerErrors(error)) notify.error(t('actionFailed'), failureText(error));
    },
  }));

  return (
    <form noValidate aria-label={t('contract')} className="mt-3 grid gap-4 rounded-lg bg-slate-50 p-3 sm:grid-cols-3" onSubmit={submit}>
      <p className="text-sm text-slate-700 sm:col-span-3">
        {contract.in_force ? t('contractInForce') : t('contractNotInForce')}
      </p>
      <TextField label={t('contractNumber')} dir="ltr" maxLength={MAX_CONTRACT_NUMBER} {...register('number')} error={errorText('number')} />
      <TextField label={t('contractStartsOn')} type="date" {...register('starts_on')} error={errorText('starts_on')} />
      <TextField label={t('contractEndsOn')} type="date" {...register('ends_on')} error={errorText('ends_on')} />
      <p className="text-xs text-slate-600 sm:col-span-3">{t('contractHint')}</p>
      <div className="sm:col-span-3">
        <Button type="submit" variant="secondary" disabled={save.isPending}>{save.isPending ? t('saving') : t('saveContract')}</Button>
      </div>
    </form>
  );
}
