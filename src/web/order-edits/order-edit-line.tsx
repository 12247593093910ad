import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FieldMessage } from '../components/ui/form-field.tsx';
import { serverIssueErrors, useIssueText } from '../lib/issue-text.ts';
import { lineLabel, type OrderEditLine } from './order-edit-lines.ts';
import type { EditRun } from './order-edit-run.ts';

type Step = 'idle' | 'reduce' | 'remove';

/** One line with its quantity, and the two changes staff may make to it, each confirmed before it is sent. */
export function OrderEditLineRow({ line, removable, run }: { line: OrderEditLine; removable: boolean; run: EditRun }) {
  const { t } = useTranslation('order-edits');
  const issueText = useIssueText();
  const id = useId();
  const [step, setStep] = useState<Step>('idle');
  const [quantity, setQuantity] = useState(String(Math.max(line.quantity - 1, 1)));
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const name = lineLabel(line);

  const send = async (body: Parameters<EditRun>[0]) => {
    setBusy(true);
    const refused = await run(body);
    setBusy(false);
    if (refused === null) {
      setStep('idle');
      return;
    }
    setProblem(issueText(serverIssueErrors(refused).quantity));
  };
  const open = (next: Step) => {
    setProblem(undefined);
    setStep(next);
  };

  return (
    <li className="space-y-2 border-b border-slate-100 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-900">
          <bdi className="font-medium">{name}</bdi>
          <span className="text-slate-600"> · {t('lineQuantity', { quantity: line.quantity })}</span>
        </p>
        {step === 'idle' && (
          <div className="flex flex-wrap gap-2">
            {line.quantity > 1 && <Button variant="secondary" size="sm" onClick={() => open('reduce')}>{t('reduce')}</Button>}
            {removable && <Button variant="secondary" size="sm" onClick={() => open('remove')}>{t('remove')}</Button>}
          </div>
        )}
      </div>
      {step === 'reduce' && (
        <form noValidate aria-label={t('reduce')} className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => { event.preventDefault(); void send({ kind: 'quantity', order_item_id: line.order_item_id, quantity: Number(quantity) }); }}>
          <label htmlFor={id} className="basis-full text-sm font-medium text-slate-800">{t('reduceLabel', { name })}</label>
          <div className="w-24">
            <input id={id} type="number" inputMode="numeric" dir="ltr" min={1} max={line.quantity - 1} step={1} value={quantity}
              onChange={(event) => setQuantity(event.target.value)} aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined} className={controlClasses(Boolean(problem), 'h-9')} />
          </div>
          <Button type="submit" size="sm" disabled={busy}>{t('reduceConfirm')}</Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setStep('idle')}>{t('close')}</Button>
          <div className="basis-full empty:hidden"><FieldMessage id={`${id}-problem`} error={problem} /></div>
        </form>
      )}
      {step === 'remove' && (
        <div role="group" aria-label={t('remove')} className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-2">
          <p className="text-sm text-amber-900">{t('removeQuestion', { name, quantity: line.quantity })}</p>
          <Button variant="primary" size="sm" disabled={busy} onClick={() => void send({ kind: 'remove_line', order_item_id: line.order_item_id })}>
            {t('removeConfirm')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('idle')}>{t('close')}</Button>
        </div>
      )}
    </li>
  );
}
