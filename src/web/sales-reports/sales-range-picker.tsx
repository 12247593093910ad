import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeProblems } from '#contracts/sales-reports';
import { Button } from '../components/ui/button.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { issueError, useIssueText } from '../lib/issue-text.ts';
import { PRESETS, presetOf, presetRange, type DayRange, type Preset } from './sales-reports.api.ts';

type Choice = Preset | 'custom';

/** A preset (the last 7 or 30 days, this month, last month) or two days typed in, checked by the rules the server keeps. */
export function SalesRangePicker({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation('sales-reports');
  const issueText = useIssueText();
  const [choice, setChoice] = useState<Choice>(() => presetOf(range) ?? 'custom');
  const [draft, setDraft] = useState(range);
  const [problems, setProblems] = useState<Record<string, string[]>>({});

  function choose(next: Choice) {
    setChoice(next);
    setProblems({});
    if (next === 'custom') return;
    const days = presetRange(next);
    setDraft(days);
    onChange(days);
  }

  function show(event: FormEvent) {
    event.preventDefault();
    const found = rangeProblems(draft.from, draft.to) ?? {};
    setProblems(found);
    if (Object.keys(found).length === 0) onChange(draft);
  }

  const fieldError = (field: 'from' | 'to') => {
    const [text] = problems[field] ?? [];
    return text ? issueText(issueError({ message: text })) : undefined;
  };

  return (
    <form onSubmit={show} aria-label={t('period')} className="grid grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap">
      <div className="col-span-2 sm:w-48">
        <SelectField label={t('period')} value={choice} onChange={(event) => choose(event.target.value as Choice)}
          options={[...PRESETS, 'custom' as const].map((value) => ({ value, label: t('preset', { context: value }) }))} />
      </div>
      {choice === 'custom' && (
        <>
          <TextField label={t('from')} type="date" dir="ltr" required value={draft.from} error={fieldError('from')}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          <TextField label={t('to')} type="date" dir="ltr" required value={draft.to} error={fieldError('to')}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          <Button type="submit" variant="secondary" className="col-span-2 sm:col-span-1 sm:mt-6">{t('show')}</Button>
        </>
      )}
    </form>
  );
}
