import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';

/** The set's contents sheet (the server writes it in the page's language), opened in the browser's PDF viewer. */
export function ContentsSheetLink({ href }: { href: string }) {
  const { t, i18n } = useTranslation('regulatory');
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <a href={`${href}&lang=${i18n.language}`} target="_blank" rel="noopener" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <FileText aria-hidden="true" className="h-4 w-4" /> {t('contentsSheet')}
      </a>
      <p className="min-w-0 flex-1 text-sm text-slate-600">{t('contentsSheetHint')}</p>
    </div>
  );
}
