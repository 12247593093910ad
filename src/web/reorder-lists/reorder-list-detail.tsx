import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { z } from 'zod';
import { MAX_ON_HAND, reorderFromList, type ReorderList } from '#contracts/reorder-lists';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { notify } from '../components/ui/notify.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useLicenceGateText } from '../licences/licence-required.tsx';
import { isApiError } from '../lib/api.ts';
import { useFailureToast } from './failure-toast.ts';
import { ReorderItemRow, type ItemOutcome } from './reorder-item-row.tsx';
import { useDeleteList, useReorder } from './reorder-lists.api.ts';

const { on_hand: onHand } = reorderFromList.body.shape.counts.unwrap().element.shape;

/**
 * What is on hand of each item, by item id (as the server names a count's problem: `counts.<item id>`). A box left
 * empty is left out, and the item's last count stands.
 */
const countsForm = z.object({ counts: z.record(z.string(), z.nan().or(onHand)) });
const emptyCounts = (list: ReorderList) => ({ counts: Object.fromEntries(list.items.map((item) => [item.id, Number.NaN])) });

/** A list's items with their counts, and the reorder that tops the cart up to par. */
export function ReorderListDetail({ list, onDeleted }: { list: ReorderList; onDeleted: () => void }) {
  const { t } = useTranslation('reorder-lists');
  const failureToast = useFailureToast();
  const { t: licences } = useTranslation('licences');
  const gateText = useLicenceGateText();
  const reorder = useReorder();
  const remove = useDeleteList();
  const [outcomes, setOutcomes] = useState<Record<number, ItemOutcome>>({});
  const form = useContractForm(countsForm, {
    defaultValues: emptyCounts(list),
    // A count's own messages (and the server's) carry no message key.
    overrides: Object.fromEntries(list.items.map((item) => [`counts.${item.id}`, t('onHandInvalid', { max: MAX_ON_HAND })])),
  });
  const counts = form.watch('counts');

  const submit = form.handleSubmit(({ counts: entered }) => reorder.mutate({
    id: list.id,
    counts: Object.entries(entered).filter(([, count]) => !Number.isNaN(count)).map(([item, count]) => ({ item_id: Number(item), on_hand: count })),
  }, {
    onSuccess: (result) => {
      setOutcomes(Object.fromEntries(result.lines.map((line) => [line.item_id, line])));
      form.reset(emptyCounts(result.list));
      notify.success(t('reordered'), t('reorderedText', { count: result.lines.reduce((sum, line) => sum + line.added, 0) }));
    },
    onError: (error) => {
      if (isApiError(error, reorderFromList, 'LICENCE_REQUIRED')) notify.error(licences('licenceRequired'), gateText);
      else if (!form.setServerErrors(error)) failureToast(error);
    },
  }));

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{list.name} <span className="text-sm font-normal text-slate-500">{t('itemCount', { count: list.item_count })}</span></h2>
          {list.department && (
            <p className="text-sm text-slate-600">{t('orderGuide', { department: list.department.name })}</p>
          )}
        </div>
        <Button variant="ghost" size="sm" onClick={() => void remove.mutateAsync(list.id).then(() => { notify.success(t('deleted'), list.name); onDeleted(); }, failureToast)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" /> {t('deleteList')}
        </Button>
      </div>
      {list.items.length === 0 ? <p className="p-4 text-sm text-slate-600">{t('emptyList')}</p> : (
        <>
          <ul className="divide-y divide-slate-200">
            {list.items.map((item) => {
              const counted = counts[item.id];
              const onHandNow = counted === undefined || Number.isNaN(counted) ? item.last_on_hand : counted;
              return (
                <ReorderItemRow
                  key={`${item.id}-${item.variant_id}`} listId={list.id} item={item} outcome={outcomes[item.id]}
                  onHand={form.register(`counts.${item.id}`, { valueAsNumber: true })}
                  onHandError={form.errorText(`counts.${item.id}`)}
                  needed={onHandNow === null ? null : Math.max(item.par_level - onHandNow, 0)}
                />
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 p-4">
            <Link to="/cart" className={buttonClasses({ variant: 'secondary' })}>{t('viewCart')}</Link>
            <Button onClick={() => void submit()} disabled={reorder.isPending}>{reorder.isPending ? t('reordering') : t(list.department ? 'reorderToPar' : 'reorder')}</Button>
          </div>
        </>
      )}
    </Card>
  );
}
