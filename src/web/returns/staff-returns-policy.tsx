import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  RETURN_EXCLUSIONS, RETURN_SHIPPING_PAYERS, returnPolicyBody, updateReturnPolicy, type ReturnPolicy,
} from '#contracts/returns';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';
import { mayOpen } from '../staff/staff-pages.ts';
import { returnPolicyQuery, useSaveReturnPolicy } from './staff-returns.api.ts';

type Exclusion = ReturnPolicy['exclusions'][number];

/** What the form holds: numbers as typed, and each excluded product with its name (null for one added since the last save). */
interface PolicyDraft {
  window_days: string;
  restocking_fee_percent: string;
  return_shipping_fee: string;
  reasons: ReturnPolicy['reasons'];
  exclusions: Array<Omit<Exclusion, 'name'> & { name: string | null }>;
}

/** A whole number as typed; an empty box is no number (NaN), never 0. */
const wholeOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const policyForm = z.preprocess((draft: PolicyDraft) => ({
  ...draft,
  window_days: wholeOf(draft.window_days),
  restocking_fee_percent: wholeOf(draft.restocking_fee_percent),
  exclusions: draft.exclusions.map(({ product_id, reason }) => ({ product_id, reason })),
}), returnPolicyBody);

const draftOf = (policy: ReturnPolicy): PolicyDraft => ({
  window_days: String(policy.window_days),
  restocking_fee_percent: String(policy.restocking_fee_percent),
  return_shipping_fee: policy.return_shipping_fee,
  reasons: policy.reasons,
  exclusions: policy.exclusions,
});

/** Adds a product to the exclusions by its id, once. */
function AddExclusion({ excluded, onAdd }: { excluded: number[]; onAdd: (exclusion: PolicyDraft['exclusions'][number]) => void }) {
  const { t } = useTranslation('staff-returns');
  const [productId, setProductId] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ productId?: string; reason?: string }>({});

  function add() {
    const id = Number(productId);
    const found = {
      productId: !/^\d+$/.test(productId.trim()) || id < 1 ? t('productIdInvalid') : excluded.includes(id) ? t('alreadyExcluded') : undefined,
      reason: reason === '' ? t('chooseExclusion') : undefined,
    };
    setProblem(found);
    if (found.productId || found.reason) return;
    onAdd({ product_id: id, name: null, reason: reason as Exclusion['reason'] });
    setProductId('');
    setReason('');
  }

  return (
    <div role="group" aria-label={t('addExclusion')} className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[8rem_1fr_auto]">
      <TextField label={t('productId')} inputMode="numeric" value={productId} onChange={(event) => setProductId(event.target.value)} error={problem.productId} />
      <SelectField label={t('exclusionReason')} placeholder={t('chooseExclusion')} value={reason} onChange={(event) => setReason(event.target.value)}
        options={RETURN_EXCLUSIONS.map((value) => ({ value, label: t('exclusion', { context: value }) }))} error={problem.reason} />
      <Button type="button" variant="secondary" className="sm:mt-7" onClick={add}>
        <Plus aria-hidden="true" className="h-4 w-4" /> {t('add')}
      </Button>
    </div>
  );
}

function PolicyForm({ policy, editable }: { policy: ReturnPolicy; editable: boolean }) {
  const { t } = useTranslation('staff-returns');
  const f = useFormat();
  const errorText = useErrorText();
  const save = useSaveReturnPolicy();
  const form = useContractForm(policyForm, { defaultValues: draftOf(policy) });
  const exclusions = useFieldArray({ control: form.control, name: 'exclusions' });
  const reasons = form.watch('reasons');
  const { register } = form;

  const submit = form.handleSubmit((body) => save.mutate(body, {
    onSuccess: (answer) => {
      form.reset(draftOf(answer.policy));
      notify.success(t('policySaved'));
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('policySaveFailed'), errorText(error));
    },
  }));

  return (
    <form noValidate onSubmit={submit} aria-label={t('policyHeading')}>
      <fieldset disabled={!editable} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('windowDays')} required inputMode="numeric" {...register('window_days')} error={form.errorText('window_days')} />
          <TextField label={t('restockingFee')} required inputMode="numeric" {...register('restocking_fee_percent')} error={form.errorText('restocking_fee_percent')} />
          <TextField label={t('shippingFee')} required inputMode="decimal" {...register('return_shipping_fee')} error={form.errorText('return_shipping_fee')} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">{t('shippingPaidBy')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {reasons.map((reason, i) => (
              <SelectField key={reason.code} label={t('reason', { context: reason.code })}
                options={RETURN_SHIPPING_PAYERS.map((value) => ({ value, label: t('payer', { context: value }) }))}
                {...register(`reasons.${i}.shipping_paid_by`)} error={form.errorText(`reasons.${i}.shipping_paid_by`)} />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">{t('exclusions')}</legend>
          {exclusions.fields.length === 0 ? <p className="text-sm text-slate-600">{t('noExclusions')}</p> : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
              {exclusions.fields.map((exclusion, i) => (
                <li key={exclusion.id} className="flex items-start gap-2 p-2" data-testid="exclusion">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      {exclusion.name === null ? t('productNumber', { id: f.number(exclusion.product_id) }) : <DataText>{exclusion.name}</DataText>}
                    </p>
                    <p className="text-slate-600">{t('exclusion', { context: exclusion.reason })}</p>
                    <FieldMessage id={`${exclusion.id}-error`} error={form.errorText(`exclusions.${i}.product_id`)} />
                  </div>
                  {editable && (
                    <Button type="button" variant="ghost" size="icon" className="text-red-700"
                      aria-label={t('removeExclusion', { name: exclusion.name ?? t('productNumber', { id: f.number(exclusion.product_id) }) })}
                      onClick={() => exclusions.remove(i)}>
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {editable && <AddExclusion excluded={exclusions.fields.map((exclusion) => exclusion.product_id)} onAdd={exclusions.append} />}
        </fieldset>
        {editable && <Button type="submit" disabled={save.isPending}>{save.isPending ? t('saving') : t('savePolicy')}</Button>}
      </fieldset>
    </form>
  );
}

/** The return policy: read by every role that reads returns, changed by those `updateReturnPolicy` admits. */
export function StaffReturnsPolicy() {
  const { t } = useTranslation('staff-returns');
  const { user } = useCurrentUser();
  const policy = useQuery(returnPolicyQuery());
  const editable = mayOpen(user, updateReturnPolicy.staff);
  return (
    <Card className="space-y-4 p-4">
      <div>
        <h2 className="text-lg font-bold text-slate-900">{t('policyHeading')}</h2>
        <p className="text-sm text-slate-600">{editable ? t('policyIntro') : t('policyReadOnly')}</p>
      </div>
      {policy.isPending ? <Skeleton className="h-40 w-full" /> : policy.isError ? (
        <ErrorState title={t('policyLoadFailed')} error={policy.error} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />
      ) : <PolicyForm policy={policy.data.policy} editable={editable} />}
    </Card>
  );
}
