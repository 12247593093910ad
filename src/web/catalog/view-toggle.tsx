import { useTranslation } from 'react-i18next';
import { LayoutGrid, List } from 'lucide-react';
import { cx } from '../lib/class-names.ts';
import type { CatalogView } from './catalog-query.ts';

const OPTIONS = [
  { value: 'grid', label: 'gridView', icon: LayoutGrid },
  { value: 'list', label: 'listView', icon: List },
] as const;

export function ViewToggle({ view, onChange }: { view: CatalogView; onChange: (view: CatalogView) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <div role="group" aria-label={t('layout')} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={t(label)}
          title={t(label)}
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cx(
            'inline-flex h-9 w-9 items-center justify-center rounded-md transition-colors',
            view === value ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          <Icon aria-hidden="true" className="h-4 w-4" />
        </button>
      ))}
    </div>
  );
}
