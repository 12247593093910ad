import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClipboardList, ShoppingCart } from 'lucide-react';
import { placeQuickOrder, QUICK_ORDER_MAX_LINES, type QuickOrderLine } from '#contracts/quick-order';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { notify } from '../components/ui/notify.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useErrorText } from '../lib/error-text.ts';
import { QuickOrderResults } from './quick-order-results.tsx';
import { useQuickOrder } from './quick-order.api.ts';
import { readTextFile } from './read-text-file.ts';

const countLines = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;

/** /quick-order: catalogue numbers and quantities pasted or read from a CSV file, put into the cart line by line. */
export function QuickOrderPage() {
  const { t } = useTranslation('quick-order');
  const errorText = useErrorText();
  const order = useQuickOrder();
  const [lines, setLines] = useState<QuickOrderLine[] | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const form = useContractForm(placeQuickOrder.body, {
    defaultValues: { text: '' },
    overrides: { text: t('textProblem', { min: 1, lines: QUICK_ORDER_MAX_LINES }) },
  });

  const submit = form.handleSubmit(({ text }) => order.mutate(text, {
    onSuccess: (answer) => {
      setLines(answer.lines);
      notify.success(t('done'), t('doneText', { count: answer.lines.reduce((sum, line) => sum + line.added, 0) }));
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('failed'), errorText(error));
    },
  }));

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const text = await readTextFile(file);
      form.setValue('text', text, { shouldValidate: false });
      form.clearErrors('text');
      setFileNote(t('csvRead', { count: countLines(text), file: file.name }));
    } catch {
      setFileNote(t('csvFailed'));
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={ClipboardList} title={t('heading')} intro={t('intro')} />
      <Card className="mt-6 p-4 sm:p-6">
        <form noValidate onSubmit={submit} className="space-y-4">
          <TextAreaField
            label={t('linesLabel')} hint={t('linesHint')} rows={8} dir="ltr" spellCheck={false}
            className="font-mono" placeholder={t('placeholder')}
            {...form.register('text')} error={form.errorText('text')}
          />
          <div>
            <label htmlFor="quick-order-file" className="block text-sm font-medium text-slate-900">{t('csvLabel')}</label>
            <p id="quick-order-file-hint" className="text-sm text-slate-600">{t('csvHint')}</p>
            <input
              id="quick-order-file" type="file" accept=".csv,.txt,.tsv,text/csv,text/plain" aria-describedby="quick-order-file-hint"
              onChange={(event) => void readFile(event)}
              className="mt-2 block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
            {fileNote && <p role="status" className="mt-1 text-sm text-slate-600">{fileNote}</p>}
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            <Link to="/cart" className={buttonClasses({ variant: 'secondary' })}>
              <ShoppingCart aria-hidden="true" className="h-4 w-4" /> {t('viewCart')}
            </Link>
            <Button type="submit" disabled={order.isPending}>{order.isPending ? t('submitting') : t('submit')}</Button>
          </div>
        </form>
      </Card>
      {lines && <QuickOrderResults lines={lines} />}
    </div>
  );
}
