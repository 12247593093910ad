import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { PriceContract, PriceRule } from '#contracts/organisations';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useDeletePriceRule } from './organisations.api.ts';
import { PriceContractForm } from './price-contract-form.tsx';
import { PriceRuleForm } from './price-rule-form.tsx';
import { useErrorText } from '../lib/error-text.ts';

function RuleRow({ organisationId, rule }: { organisationId: string; rule: PriceRule }) {
  const { t } = useTranslation('organisations');
  const errorText = useErrorText();
  const f = useFormat();
  const remove = useDeletePriceRule();
  const target = rule.variant && rule.product
    ? t('productTarget', { name: `${rule.product.name} — ${rule.variant.label}`, model: rule.variant.model_number })
    : rule.product
      ? t('productTarget', { name: rule.product.name, model: rule.product.model_number })
      : rule.category?.name ?? t('everything');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0 text-sm">
        <span className="font-medium text-slate-900">{target}</span>
        <span className="ms-2 text-slate-700">
          {rule.kind === 'percent'
            ? t('percentOff', { value: f.number(rule.value, { minimumFractionDigits: 2 }) })
            : t('fixedPrice', { price: f.money(rule.value, 'USD'), list: f.money((rule.variant ?? rule.product!).price, 'USD') })}
        </span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700"
        aria-label={t('removePrice', { what: target })}
        disabled={remove.isPending}
        onClick={() => remove.mutate({ id: organisationId, ruleId: rule.id }, {
          onSuccess: () => notify.success(t('priceRemoved')),
          onError: (error) => notify.error(t('actionFailed'), errorText(error)),
        })}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </Button>
    </li>
  );
}

/** The organisation's custom prices, the contract they are agreed under, and the form that adds one. */
export function PriceListPanel({ organisationId, rules, contract }: { organisationId: string; rules: PriceRule[]; contract: PriceContract }) {
  const { t } = useTranslation('organisations');
  return (
    <section aria-labelledby="price-list-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="price-list-heading" className="text-base font-semibold text-slate-900">{t('priceList')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('priceListIntro')}</p>
      <PriceContractForm key={`${contract.number}|${contract.starts_on}|${contract.ends_on}`} organisationId={organisationId} contract={contract} />
      {rules.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('noPrices')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {rules.map((rule) => <RuleRow key={rule.id} organisationId={organisationId} rule={rule} />)}
        </ul>
      )}
      <PriceRuleForm organisationId={organisationId} />
    </section>
  );
}
