import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { updateExchangeRate, type StaffRate } from '#contracts/exchange-rates';
import { staffAccess } from '#contracts/staff-roles';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { StaffEditorPage } from '../staff/staff-editor-page.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { staffExchangeRatesQuery, useSetExchangeRate } from './staff-exchange-rates.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** A stored rate without the zeros its four decimals add: '278.5000' → '278.5'. */
export const shortRate = (rate: string) => rate.replace(/\.?0+$/, '');

function RateHistory({ rate }: { rate: StaffRate }) {
  const { t } = useTranslation('staff-exchange-rates');
  const f = useFormat();
  if (rate.history.length === 0) return <p className="text-sm text-slate-600">{t('noHistory')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t('historyCaption', { currency: rate.currency })}</caption>
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pe-3 text-start font-semibold">{t('when')}</th>
            <th scope="col" className="py-2 pe-3 text-start font-semibold">{t('who')}</th>
            <th scope="col" className="py-2 text-start font-semibold">{t('change')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rate.history.map((change) => (
            <tr key={change.at + change.to}>
              <td className="py-2 pe-3 whitespace-nowrap">{f.dateTime(change.at)}</td>
              <td className="py-2 pe-3 break-all"><bdi dir="ltr">{change.by}</bdi></td>
              <td className="py-2 whitespace-nowrap" dir="ltr">
                {change.from === null ? '—' : shortRate(change.from)} → {shortRate(change.to)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RateCard({ rate }: { rate: StaffRate }) {
  const { t } = useTranslation('staff-exchange-rates');
  const errorText = useErrorText();
  const f = useFormat();
  const save = useSetExchangeRate();
  const form = useContractForm(updateExchangeRate.body, { defaultValues: { rate: rate.rate === null ? '' : shortRate(rate.rate) } });
  const submit = form.handleSubmit(({ rate: value }) => save.mutate({ currency: rate.currency, rate: value }, {
    onSuccess: (stored) => {
      notify.success(t('saved', { currency: rate.currency }), t('perDollar', { rate: shortRate(stored.rate ?? value), currency: rate.currency }));
      form.reset({ rate: shortRate(stored.rate ?? value) });
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('saveFailed'), errorText(error));
    },
  }));
  const label = t('rateLabel', { currency: rate.currency });
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid={`rate-${rate.currency}`}>
      <div>
        <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Landmark aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('pair', { currency: rate.currency })}
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="current-rate">
          {rate.rate === null ? t('noRate') : <bdi dir="ltr">{t('current', { rate: shortRate(rate.rate), currency: rate.currency })}</bdi>}
          {rate.updated_at && ` · ${t('updated', { date: f.dateTime(rate.updated_at) })}`}
        </p>
      </div>
      <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit} noValidate aria-label={label}>
        <div className="flex-1">
          <TextField label={label} required inputMode="decimal" dir="ltr"
            hint={t('bounds', { min: f.number(rate.min), max: f.number(rate.max) })}
            {...form.register('rate')} error={form.errorText('rate')} />
        </div>
        <Button type="submit" className="sm:mt-7" disabled={save.isPending}>{save.isPending ? t('saving') : t('save')}</Button>
      </form>
      <section aria-label={t('historyCaption', { currency: rate.currency })} className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-800">{t('history')}</h3>
        <RateHistory rate={rate} />
      </section>
    </Card>
  );
}

function ExchangeRateManagement() {
  const { t } = useTranslation('staff-exchange-rates');
  const list = useQuery(staffExchangeRatesQuery());
  return (
    <StaffEditorPage title={t('pageTitle')} heading={t('heading')} intro={t('intro')}>
      {list.isPending ? <Skeleton className="h-48 w-full" /> : list.isError ? (
        <ErrorState title={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {list.data.rates.map((rate) => <RateCard key={`${rate.currency}:${rate.rate}`} rate={rate} />)}
        </div>
      )}
    </StaffEditorPage>
  );
}

/** /staff/exchange-rates (inside the sign-in guard): catalogue staff and the owner; everyone else is sent home. */
export function StaffExchangeRatesPage() {
  const { t } = useTranslation('staff-exchange-rates');
  return <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}><ExchangeRateManagement /></StaffOnly>;
}
