import { useTranslation } from 'react-i18next';
import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { ProductListItem } from '#contracts/catalog';
import { productsQuery } from '../catalog/catalog.api.ts';
import { controlClasses, FieldMessage } from '../components/ui/form-field.tsx';
import { useFormat } from '../i18n/use-format.ts';

export type PickedProduct = Pick<ProductListItem, 'id' | 'slug' | 'name' | 'model_number' | 'price' | 'variant_count'>;

const RESULTS = 6;

/** Finds a catalogue product by name or model number; choosing one hands it to `onPick`. */
export function ProductPicker({ label, error, onPick }: { label: string; error?: string; onPick: (product: PickedProduct) => void }) {
  const { t } = useTranslation('quotes');
  const f = useFormat();
  const id = useId();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const results = useQuery({ ...productsQuery({ search, page_size: RESULTS, ordering: 'name' }), enabled: search.length >= 2 });

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-3.5 h-4 w-4 text-slate-400" />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('searchProducts')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={controlClasses(Boolean(error), 'h-11 ps-9')}
        />
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
      {search.length >= 2 && (
        <div className="mt-1 rounded-lg border border-slate-200 bg-white shadow-sm">
          {results.isPending ? (
            <p role="status" className="px-3 py-2 text-sm text-slate-500">
              {t('searching')}
            </p>
          ) : results.isError ? (
            <p role="alert" className="px-3 py-2 text-sm text-red-700">
              {t('searchFailed')}
            </p>
          ) : results.data.results.length > 0 ? (
            <ul aria-label={label} className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
              {results.data.results.map((product) => (
                <li key={product.id}>
                  <button
                    type="button"
                    onClick={() => onPick(product)}
                    className="flex w-full flex-col items-start px-3 py-2 text-start text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none"
                  >
                    <span className="font-semibold text-slate-900">{product.name}</span>
                    <span className="text-xs text-slate-500">
                      {product.model_number} · {t('listPriceEach', { price: f.price(product.price) })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-3 py-2 text-sm text-slate-500">{t('noMatches')}</p>
          )}
        </div>
      )}
    </div>
  );
}
