import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Archive, FolderInput, Percent, Send, X } from 'lucide-react';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { Button } from '../components/ui/button.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { serverIssueErrors, useIssueText, type IssueError } from '../lib/issue-text.ts';
import { useCategoryText } from '../i18n/translated.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useBulkProducts } from './staff-products.api.ts';
import { useErrorText } from '../lib/error-text.ts';

type Action = 'publish' | 'archive' | 'move' | 'reprice';

const ACTIONS = [
  { action: 'publish', icon: Send },
  { action: 'archive', icon: Archive },
  { action: 'move', icon: FolderInput },
  { action: 'reprice', icon: Percent },
] as const;

/** A change of every price by this many percent: the contract's range, and never 0. */
export function percentOf(typed: string): number | null {
  const percent = Number(typed.trim().replace('−', '-').replace(',', '.'));
  return typed.trim() !== '' && Number.isFinite(percent) && percent !== 0 && percent >= -90 && percent <= 500 ? percent : null;
}

/** Asks what the action needs (a category, a percentage), says what it will do to how many products, and does it. */
function BulkDialog({ action, ids, onClose, onDone }: { action: Action; ids: number[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('staff-products');
  const errorText = useErrorText();
  const f = useFormat();
  const categoryText = useCategoryText();
  const categories = useQuery({ ...categoriesQuery(), enabled: action === 'move' });
  const bulk = useBulkProducts();
  const [categoryId, setCategoryId] = useState('');
  const [typedPercent, setTypedPercent] = useState('');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<IssueError>();
  const issueText = useIssueText();
  const count = ids.length;
  const category = categories.data?.find((known) => String(known.id) === categoryId);
  const percent = percentOf(typedPercent);

  const question = action === 'publish' ? t('confirmPublish', { count })
    : action === 'archive' ? t('confirmArchive', { count })
    : action === 'move' ? (category ? t('confirmMove', { count, category: categoryText(category).name }) : t('chooseCategoryFirst', { count }))
    : percent === null ? t('enterPercentFirst', { count })
    : t(percent > 0 ? 'confirmRaise' : 'confirmLower', { count, percent: f.percent(Math.abs(percent)) });
  const ready = action === 'move' ? category !== undefined : action === 'reprice' ? percent !== null : true;

  const confirm = () => {
    setTried(true);
    if (!ready) return;
    bulk.mutate({
      ids, action,
      ...(action === 'move' && { category_id: Number(categoryId) }),
      ...(action === 'reprice' && { percent: percent! }),
    }, {
      onSuccess: ({ updated }) => {
        notify.success(t('bulkDone', { count: updated }));
        onDone();
      },
      onError: (error) => {
        const { percent: percentIssue } = serverIssueErrors(error);
        if (percentIssue) setRefused(percentIssue);
        else notify.error(t('bulkFailed'), errorText(error));
      },
    });
  };

  return (
    <Modal open alert onOpenChange={(open) => !open && onClose()} title={t('bulkTitle', { context: action })}>
      <div className="mt-4 space-y-4">
        {action === 'move' && (
          <SelectField label={t('newCategory')} required value={categoryId} onChange={(event) => setCategoryId(event.target.value)}
            placeholder={t('chooseCategory')} error={tried && !category ? t('chooseCategoryError') : undefined}
            options={(categories.data ?? []).map((known) => ({ value: String(known.id), label: categoryText(known).name }))} />
        )}
        {action === 'reprice' && (
          <TextField label={t('percent')} required inputMode="decimal" value={typedPercent} hint={t('percentHint')}
            onChange={(event) => { setTypedPercent(event.target.value); setRefused(undefined); }}
            error={tried && percent === null ? t('percentError') : issueText(refused)} />
        )}
        <p className="font-semibold text-slate-900" data-testid="bulk-question">{question}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button onClick={confirm} disabled={bulk.isPending}>{bulk.isPending ? t('working') : t('bulkConfirm', { context: action })}</Button>
        </div>
      </div>
    </Modal>
  );
}

/** The actions on the chosen products, shown while some are chosen. */
export function BulkActions({ ids, onClear }: { ids: number[]; onClear: () => void }) {
  const { t } = useTranslation('staff-products');
  const [action, setAction] = useState<Action | null>(null);
  return (
    <div role="region" aria-label={t('bulkLabel')}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2">
      <p className="me-auto text-sm font-semibold text-brand-900">{t('selected', { count: ids.length })}</p>
      {ACTIONS.map(({ action: each, icon: Icon }) => (
        <Button key={each} size="sm" variant="secondary" onClick={() => setAction(each)}>
          <Icon aria-hidden="true" className="h-4 w-4" /> {t('bulkAction', { context: each })}
        </Button>
      ))}
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X aria-hidden="true" className="h-4 w-4" /> {t('clearSelection')}
      </Button>
      {action && <BulkDialog action={action} ids={ids} onClose={() => setAction(null)} onDone={() => { setAction(null); onClear(); }} />}
    </div>
  );
}
