import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { MAX_ON_HAND, MAX_PAR_LEVEL, type ReorderListItem, type ReorderOutcome, updateReorderListItem } from '#contracts/reorder-lists';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useFailureToast } from './failure-toast.ts';
import { useRemoveFromList, useSetPar, useSwapItem } from './reorder-lists.api.ts';
import { DataText } from '../components/ui/data-text.tsx';

export interface ItemOutcome {
  outcome: ReorderOutcome;
  added: number;
}

const OUTCOME_TONES: Record<ReorderOutcome, 'success' | 'neutral' | 'warning'> = {
  added: 'success', at_par: 'neutral', in_cart: 'neutral', partial: 'warning', out_of_stock: 'warning', unavailable: 'warning',
};

/** The item's par level, saved as soon as the box is left. */
function useParForm(listId: number, item: ReorderListItem) {
  const { t } = useTranslation('reorder-lists');
  const failureToast = useFailureToast();
  const setPar = useSetPar();
  const form = useContractForm(updateReorderListItem.body, {
    defaultValues: { par_level: item.par_level },
    values: { par_level: item.par_level },
    // The par level's own messages carry no message key.
    overrides: { par_level: t('parInvalid', { max: MAX_PAR_LEVEL }) },
  });
  const save = form.handleSubmit(({ par_level }) => {
    if (par_level === item.par_level) return;
    setPar.mutate({ id: listId, itemId: item.id, parLevel: par_level }, {
      onError: (error) => {
        if (form.setServerErrors(error)) return;
        form.reset();
        failureToast(error);
      },
    });
  });
  return { field: form.register('par_level', { valueAsNumber: true, onBlur: () => void save() }), error: form.errorText('par_level') };
}

/**
 * One variant on a list: its stock, its in-stock equivalents, its par level, what is on hand (`onHand`, a field of
 * the list's count form) and what reaching par takes.
 */
export function ReorderItemRow({ listId, item, onHand, onHandError, needed, outcome }: {
  listId: number;
  item: ReorderListItem;
  onHand: UseFormRegisterReturn;
  onHandError?: string;
  needed: number | null;
  outcome?: ItemOutcome;
}) {
  const { t } = useTranslation('reorder-lists');
  const failureToast = useFailureToast();
  const f = useFormat();
  const id = useId();
  const par = useParForm(listId, item);
  const remove = useRemoveFromList();
  const swap = useSwapItem();

  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <Link to={`/products/${item.slug}`} className="font-semibold text-slate-900 hover:text-brand-700"><DataText>{item.name}</DataText></Link>
        {item.variant_label && <DataText as="p" className="text-sm text-slate-700">{item.variant_label}</DataText>}
        <p className="text-xs text-slate-500"><DataText>{item.brand}</DataText> · <DataText>{item.model_number}</DataText> · {f.price(item.price)}</p>
        <p className={item.in_stock ? 'text-xs text-emerald-700' : 'text-xs font-semibold text-red-700'}>
          {item.in_stock ? t('inStock', { n: item.available_stock }) : t('outOfStock')}
        </p>
        {item.last_on_hand !== null && item.counted_at && (
          <p className="text-xs text-slate-500">{t('lastCount', { n: item.last_on_hand, day: f.date(item.counted_at) })}</p>
        )}
        {item.equivalents.length > 0 && (
          <div className="mt-2 rounded-lg bg-slate-50 p-2">
            <p className="text-xs font-semibold text-slate-700">{t('equivalents')}</p>
            <ul className="mt-1 space-y-1">
              {item.equivalents.map((equivalent) => (
                <li key={equivalent.variant_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0">
                    <DataText>{equivalent.name}{equivalent.variant_label && ` (${equivalent.variant_label})`}</DataText>{' '}
                    <span className="text-slate-500">· <DataText>{equivalent.brand}</DataText> · {f.price(equivalent.price)} · {t('inStock', { n: equivalent.available_stock })}</span>
                  </span>
                  <Button
                    size="sm" variant="secondary" disabled={swap.isPending}
                    onClick={() => void swap.mutateAsync({
                      id: listId, itemId: item.id, productId: equivalent.product_id, variantId: equivalent.variant_id,
                    })
                      .then(() => notify.success(t('swapped'), equivalent.name), failureToast)}
                  >
                    {t('swap')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-xs font-semibold text-slate-700">
            {t('par')}
            <input
              type="number" min={1} max={MAX_PAR_LEVEL} {...par.field}
              aria-label={t('parFor', { name: item.name })}
              aria-invalid={par.error ? true : undefined}
              aria-describedby={par.error ? `${id}-par-error` : undefined}
              className={controlClasses(Boolean(par.error), 'mt-1 h-10 w-20')}
            />
          </label>
          <label className="text-xs font-semibold text-slate-700">
            {t('onHand')}
            <input
              type="number" min={0} max={MAX_ON_HAND} {...onHand}
              placeholder={item.last_on_hand === null ? undefined : f.number(item.last_on_hand)}
              aria-label={t('onHandFor', { name: item.name })}
              aria-invalid={onHandError ? true : undefined}
              aria-describedby={onHandError ? `${id}-on-hand-error` : undefined}
              className={controlClasses(Boolean(onHandError), 'mt-1 h-10 w-20')}
            />
          </label>
          <div className="w-20 text-xs font-semibold text-slate-700">
            {t('needed')}
            <p className="mt-1 flex h-10 items-center text-base text-slate-900">{needed === null ? '–' : f.number(needed)}</p>
          </div>
          {outcome && <Badge tone={OUTCOME_TONES[outcome.outcome]}>{t('outcome', { context: outcome.outcome, added: outcome.added })}</Badge>}
          <Button
            variant="ghost" size="icon" aria-label={t('removeItem', { name: item.name })}
            onClick={() => remove.mutate({ id: listId, itemId: item.id }, { onError: failureToast })}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
        {(par.error || onHandError) && (
          <div className="mt-1 max-w-xs">
            <FieldMessage id={`${id}-par-error`} error={par.error} />
            <FieldMessage id={`${id}-on-hand-error`} error={onHandError} />
          </div>
        )}
      </div>
    </li>
  );
}
