import { useTranslation } from 'react-i18next';
import type { OrderItem } from '#contracts/orders';
import { BUYER_RETURN_REASONS, type ReturnableLine } from '#contracts/returns';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { isChosen, type ReturnForm } from './return-form.ts';

/** One returnable line: how many units, and once some are chosen, why, whether used or opened, and any exchange. */
export function ReturnLineFields({ form, index, line, item }: {
  form: ReturnForm;
  index: number;
  line: ReturnableLine;
  item: Pick<OrderItem, 'name' | 'variantLabel'> | undefined;
}) {
  const { t } = useTranslation('returns');
  const f = useFormat();
  const { register, errorText } = form;
  const chosen = isChosen({ quantity: form.watch(`lines.${index}.quantity`) });
  const exchanges = line.exchange_options.filter((option) => option.available > 0);
  const lineProblem = errorText(`lines.${index}.order_item_id`) ?? errorText(`lines.${index}`);
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      {/* Floated, the name sits inside the box: a legend on the border that wraps on a phone runs through the border. */}
      <legend className="float-start mb-2 w-full text-sm font-semibold text-slate-900">
        <DataText>{item?.name ?? `#${line.order_item_id}`}</DataText>
        {item?.variantLabel && <> · <DataText className="font-normal">{item.variantLabel}</DataText></>}
      </legend>
      {lineProblem && <p role="alert" className="mb-2 clear-both text-sm font-medium text-red-700">{lineProblem}</p>}
      <div className="clear-both grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('quantity', { max: f.number(line.returnable_quantity) })}
          type="number" inputMode="numeric" min={0} max={line.returnable_quantity}
          {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
          error={errorText(`lines.${index}.quantity`)}
        />
        {chosen && (
          <SelectField
            label={t('reasonLabel')} required placeholder={t('chooseReason')}
            options={BUYER_RETURN_REASONS.map((reason) => ({ value: reason, label: t('reason', { context: reason }) }))}
            {...register(`lines.${index}.reason`)}
            error={errorText(`lines.${index}.reason`)}
          />
        )}
      </div>
      {chosen && (
        <div className="mt-3 space-y-2">
          <CheckboxField label={t('used')} {...register(`lines.${index}.used`)} error={errorText(`lines.${index}.used`)} />
          {line.sterile && (
            <CheckboxField label={t('opened')} {...register(`lines.${index}.opened`)} error={errorText(`lines.${index}.opened`)} />
          )}
          {exchanges.length > 0 && (
            <SelectField
              label={t('exchange')}
              options={[{ value: '', label: t('noExchange') }, ...exchanges.map((option) => ({ value: String(option.variant_id), label: option.label }))]}
              {...register(`lines.${index}.exchange_variant_id`)}
              error={errorText(`lines.${index}.exchange_variant_id`)}
            />
          )}
        </div>
      )}
    </fieldset>
  );
}
