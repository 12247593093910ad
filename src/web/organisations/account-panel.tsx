import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_TERMS, type PaymentTerms, type StaffOrganisation } from '#contracts/organisations';
import { errorSummary, firstFieldErrors } from '../auth/field-errors.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { organisationMessages } from './messages.ts';
import { accountManagersQuery, useUpdateOrganisationAccount } from './organisations.api.ts';

/** The account manager, payment terms and credit limit of a verified organisation. */
export function AccountPanel({ organisation }: { organisation: StaffOrganisation }) {
  const t = useMessages(organisationMessages);
  const managers = useQuery(accountManagersQuery());
  const update = useUpdateOrganisationAccount();
  const [managerId, setManagerId] = useState(organisation.account_manager?.id ?? '');
  const [terms, setTerms] = useState<PaymentTerms>(organisation.payment_terms);
  const [limit, setLimit] = useState(organisation.credit_limit);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = () => update.mutate({
    id: organisation.id,
    body: { account_manager_id: managerId || null, payment_terms: terms, credit_limit: limit.trim() },
  }, {
    onSuccess: () => { setErrors({}); notify.success(t.saved, t.savedText); },
    onError: (error) => {
      const fields = firstFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) notify.error(t.actionFailed, errorSummary(error, t.actionFailed));
    },
  });

  return (
    <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-heading" className="text-base font-semibold text-slate-900">{t.account}</h2>
      <form className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={(event) => { event.preventDefault(); save(); }}>
        <SelectField
          label={t.manager}
          value={managerId}
          error={errors.account_manager_id}
          onChange={(event) => setManagerId(event.target.value)}
          options={[{ value: '', label: t.noManager }, ...(managers.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }))]}
        />
        <SelectField
          label={t.paymentTerms}
          value={terms}
          error={errors.payment_terms}
          onChange={(event) => setTerms(event.target.value as PaymentTerms)}
          options={PAYMENT_TERMS.map((value) => ({ value, label: t[`terms_${value}`] }))}
        />
        <TextField
          label={t.creditLimitUsd}
          inputMode="decimal"
          value={limit}
          error={errors.credit_limit}
          onChange={(event) => setLimit(event.target.value)}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={update.isPending}>{update.isPending ? t.saving : t.save}</Button>
        </div>
      </form>
    </section>
  );
}
