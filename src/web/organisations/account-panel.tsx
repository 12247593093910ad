import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { centsToDecimal, centsToNumber } from '#contracts/money';
import { MAX_CREDIT_LIMIT_CENTS, PAYMENT_TERMS, type StaffOrganisation, updateOrganisationAccount } from '#contracts/organisations';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { isApiError } from '../lib/api.ts';
import { accountManagersQuery, useUpdateOrganisationAccount } from './organisations.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const { shape } = updateOrganisationAccount.body;

/** The form always sends a credit limit, and its "None" choice ('') takes the account manager away. */
const accountForm = updateOrganisationAccount.body.extend({
  account_manager_id: z.literal('').transform(() => null).or(shape.account_manager_id),
  credit_limit: shape.credit_limit.unwrap(),
});

/** The account manager, payment terms and credit limit of a verified organisation. */
export function AccountPanel({ organisation }: { organisation: StaffOrganisation }) {
  const { t } = useTranslation('organisations');
  const failureText = useErrorText();
  const managers = useQuery(accountManagersQuery());
  const update = useUpdateOrganisationAccount();
  const form = useContractForm(accountForm, {
    defaultValues: {
      account_manager_id: organisation.account_manager?.id ?? '',
      payment_terms: organisation.payment_terms,
      credit_limit: organisation.credit_limit,
    },
    // The contract's amount rules carry no message key, so the form says them in the visitor's language.
    overrides: { credit_limit: t('creditLimitInvalid', { max: centsToNumber(MAX_CREDIT_LIMIT_CENTS) }) },
  });
  const { register, errorText } = form;
  // The current manager is a choice from the start, so the list arriving later never shows "None" in his place.
  const choices = managers.data ?? (organisation.account_manager ? [organisation.account_manager] : []);

  const save = form.handleSubmit((body) => update.mutate({
    id: organisation.id,
    // The contract reads the amount into cents; the wire takes it as decimal text.
    body: { ...body, credit_limit: centsToDecimal(body.credit_limit) },
  }, {
    onSuccess: () => notify.success(t('saved'), t('savedText')),
    onError: (error) => {
      if (isApiError(error, updateOrganisationAccount, 'NOT_VERIFIED')) notify.error(t('actionFailed'), t('verifyFirst'));
      else if (!form.setServerErrors(error)) notify.error(t('actionFailed'), failureText(error));
    },
  }));

  return (
    <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-heading" className="text-base font-semibold text-slate-900">{t('account')}</h2>
      <form noValidate className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={save}>
        <SelectField
          label={t('manager')}
          {...register('account_manager_id')}
          error={errorText('account_manager_id')}
          options={[
            { value: '', label: t('noManager') },
            ...choices.map((m) => ({ value: m.id, label: t('managerOption', { name: m.name, email: m.email }) })),
          ]}
        />
        <SelectField
          label={t('paymentTerms')}
          {...register('payment_terms')}
          error={errorText('payment_terms')}
          options={PAYMENT_TERMS.map((value) => ({ value, label: t(`terms_${value}`) }))}
        />
        <TextField label={t('creditLimitUsd')} inputMode="decimal" {...register('credit_limit')} error={errorText('credit_limit')} />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={update.isPending}>{update.isPending ? t('saving') : t('save')}</Button>
        </div>
      </form>
    </section>
  );
}
