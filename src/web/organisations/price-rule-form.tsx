import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { centsToDecimal } from '#contracts/money';
import { addPriceRule, PRICE_RULE_KINDS, PRICE_RULE_SCOPES } from '#contracts/organisations';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { isApiError } from '../lib/api.ts';
import { useAddPriceRule } from './organisations.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/**
 * Adds a line to an organisation's price list: a percentage off everything, a category, a product or one size or
 * version of it, or a unit price for a product or one size or version.
 */
export function PriceRuleForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const failureText = useErrorText();
  const categories = useQuery(categoriesQuery());
  const add = useAddPriceRule();
  // The contract's own messages for these fields (and the server's) carry no message key.
  const form = useContractForm(addPriceRule.body, {
    defaultValues: { scope: 'category', category: '', product: '', variant: '', kind: 'percent', value: '' },
    overrides: { category: t('categoryRequired'), product: t('productRequired'), variant: t('variantRequired'), kind: t('fixedNeedsProduct') },
  });
  const { register, errorText } = form;
  const [scope, kind] = form.watch(['scope', 'kind']);
  // What a good value is depends on the kind of price.
  const valueError = form.formState.errors.value && (kind === 'percent' ? t('percentInvalid') : t('fixedInvalid'));

  const submit = form.handleSubmit(({ scope, kind, value, category, product, variant }) => add.mutate({
    id: organisationId,
    body: {
      scope,
      kind,
      // The contract reads the value into cents; the wire takes it as decimal text.
      value: centsToDecimal(value),
      ...(scope === 'category' ? { category } : {}),
      ...(scope === 'product' ? { product } : {}),
      ...(scope === 'variant' ? { variant } : {}),
    },
  }, {
    onSuccess: () => {
      form.resetField('value');
      notify.success(t('priceAdded'));
    },
    onError: (error) => {
      if (isApiError(error, addPriceRule, 'NOT_VERIFIED')) notify.error(t('actionFailed'), t('verifyFirst'));
      else if (!form.setServerErrors(error)) notify.error(t('actionFailed'), failureText(error));
    },
  }));

  return (
    <form noValidate className="mt-4 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={submit}>
      <SelectField
        label={t('scope')}
        {...register('scope')}
        error={errorText('scope')}
        options={PRICE_RULE_SCOPES.map((s) => ({ value: s, label: t(`scope_${s}`) }))}
      />
      {scope === 'category' && (
        <SelectField
          label={t('category')}
          placeholder={t('chooseCategory')}
          {...register('category')}
          error={errorText('category')}
          options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
        />
      )}
      {scope === 'product' && <TextField label={t('product')} {...register('product')} error={errorText('product')} />}
      {scope === 'variant' && <TextField label={t('variant')} {...register('variant')} error={errorText('variant')} />}
      <SelectField
        label={t('kind')}
        {...register('kind')}
        error={errorText('kind')}
        options={PRICE_RULE_KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) }))}
      />
      <TextField label={kind === 'percent' ? t('percentValue') : t('fixedValue')} inputMode="decimal" {...register('value')} error={valueError} />
      <div className="sm:col-span-2 lg:col-span-4">
        <Button type="submit" disabled={add.isPending}>{t('addPrice')}</Button>
      </div>
    </form>
  );
}
