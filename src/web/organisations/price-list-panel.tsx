import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import {
  PRICE_RULE_KINDS, PRICE_RULE_SCOPES, type PriceRule, type PriceRuleKind, type PriceRuleScope,
} from '#contracts/organisations';
import { errorSummary, firstFieldErrors } from '../auth/field-errors.ts';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { organisationMessages } from './messages.ts';
import { useAddPriceRule, useDeletePriceRule } from './organisations.api.ts';

function RuleRow({ organisationId, rule }: { organisationId: string; rule: PriceRule }) {
  const t = useMessages(organisationMessages);
  const f = useFormat();
  const remove = useDeletePriceRule();
  const target = rule.product ? `${rule.product.name} (${rule.product.model_number})` : rule.category?.name ?? t.everything;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0 text-sm">
        <span className="font-medium text-slate-900">{target}</span>
        <span className="ms-2 text-slate-700">
          {rule.kind === 'percent' ? t.percentOff(rule.value) : t.fixedPrice(f.money(rule.value, 'USD'), f.money(rule.product!.price, 'USD'))}
        </span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700"
        aria-label={t.removePrice(target)}
        disabled={remove.isPending}
        onClick={() => remove.mutate({ id: organisationId, ruleId: rule.id }, {
          onSuccess: () => notify.success(t.priceRemoved),
          onError: (error) => notify.error(t.actionFailed, errorSummary(error, t.actionFailed)),
        })}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </Button>
    </li>
  );
}

/** The organisation's custom prices and the form that adds one. */
export function PriceListPanel({ organisationId, rules }: { organisationId: string; rules: PriceRule[] }) {
  const t = useMessages(organisationMessages);
  const categories = useQuery(categoriesQuery());
  const add = useAddPriceRule();
  const [scope, setScope] = useState<PriceRuleScope>('category');
  const [kind, setKind] = useState<PriceRuleKind>('percent');
  const [category, setCategory] = useState('');
  const [product, setProduct] = useState('');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => add.mutate({
    id: organisationId,
    body: { scope, kind, value: value.trim(), ...(scope === 'category' ? { category } : {}), ...(scope === 'product' ? { product: product.trim() } : {}) },
  }, {
    onSuccess: () => { setErrors({}); setValue(''); notify.success(t.priceAdded); },
    onError: (error) => {
      const fields = firstFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) notify.error(t.actionFailed, errorSummary(error, t.actionFailed));
    },
  });

  return (
    <section aria-labelledby="price-list-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="price-list-heading" className="text-base font-semibold text-slate-900">{t.priceList}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.priceListIntro}</p>
      {rules.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.noPrices}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {rules.map((rule) => <RuleRow key={rule.id} organisationId={organisationId} rule={rule} />)}
        </ul>
      )}
      <form className="mt-4 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => { event.preventDefault(); submit(); }}>
        <SelectField
          label={t.scope}
          value={scope}
          error={errors.scope}
          onChange={(event) => setScope(event.target.value as PriceRuleScope)}
          options={PRICE_RULE_SCOPES.map((s) => ({ value: s, label: t[`scope_${s}`] }))}
        />
        {scope === 'category' && (
          <SelectField
            label={t.category}
            value={category}
            placeholder={t.chooseCategory}
            error={errors.category}
            onChange={(event) => setCategory(event.target.value)}
            options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          />
        )}
        {scope === 'product' && (
          <TextField label={t.product} value={product} error={errors.product} onChange={(event) => setProduct(event.target.value)} />
        )}
        <SelectField
          label={t.kind}
          value={kind}
          error={errors.kind}
          onChange={(event) => setKind(event.target.value as PriceRuleKind)}
          options={PRICE_RULE_KINDS.map((k) => ({ value: k, label: t[`kind_${k}`] }))}
        />
        <TextField
          label={kind === 'percent' ? t.percentValue : t.fixedValue}
          inputMode="decimal"
          value={value}
          error={errors.value}
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={add.isPending}>{t.addPrice}</Button>
        </div>
      </form>
    </section>
  );
}
