import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { PRICE_RANGES, type FilterOption, type ProductFilters } from '#contracts/catalog';
import { Button } from '../components/ui/button.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { cx } from '../lib/class-names.ts';
import {
  catalogHref,
  formCatalogQuery,
  FORM_FIELDS,
  moreFiltersCount,
  priceRangeOf,
  RELEVANCE,
  SORT_OPTIONS,
  sortValue,
  withFilter,
  withPriceRange,
  withSort,
  type CatalogQuery,
  type CatalogView,
  type SortValue,
} from './catalog-query.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { MarketFilter } from '../markets/market-filter.tsx';
import { HandlingFilter } from '../lots/handling-filter.tsx';
import { OptionFilters } from './option-filters.tsx';
import { EARLY_INPUT, earlyInput, formFields } from '../ssr/early-input.ts';

const SEARCH_DELAY_MS = 400;

const FIELD = controlClasses(false, 'h-10');

/** A price range in the visitor's currency; the bounds stay the server's dollar ones. */
function priceRangeLabel(range: (typeof PRICE_RANGES)[number], t: TFunction<'catalog'>, price: (usd: number) => string): string {
  if (range.min_price === null) return t('under', { amount: price(Math.ceil(range.max_price)) });
  if (range.max_price === null) return t('over', { amount: price(range.min_price) });
  return `${price(range.min_price)} – ${price(Math.ceil(range.max_price))}`;
}

/** Applies a new query; `replace` for typing, so each keystroke does not become a history entry. */
export type ApplyQuery = (query: CatalogQuery, options?: { replace?: boolean }) => void;

function Field({ label, children, className }: { label: string; children: (id: string) => ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Options from the server, plus the value in the URL if the server does not list it, so the select shows it. */
function optionsWith<T extends FilterOption>(options: T[] | undefined, current: string | undefined): Array<T | FilterOption> {
  const list = options ?? [];
  if (!current || list.some((o) => o.value === current)) return list;
  return [...list, { value: current, label: current, count: 0 }];
}

/** Search text that follows the URL (Clear Filters, back button) yet is applied only after a pause in typing. */
function SearchField({ query, onApply }: { query: CatalogQuery; onApply: ApplyQuery }) {
  const urlSearch = query.search ?? '';
  const [text, setText] = useState(urlSearch);
  const [seen, setSeen] = useState(urlSearch);
  const { t } = useTranslation('catalog');
  if (urlSearch !== seen) {
    setSeen(urlSearch);
    if (urlSearch !== text.trim()) setText(urlSearch);
  }

  useEffect(() => {
    if (text.trim() === urlSearch) return;
    const timer = setTimeout(() => onApply(withFilter(query, { search: text.trim() || undefined }), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, urlSearch, query, onApply]);

  // Enter submits the filter form, which applies the text with the rest.
  return (
    <div role="search" className="relative">
      <label htmlFor="catalog-search" className="mb-1 block text-xs font-semibold text-slate-600">
        {t('search')}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 start-3 h-4 w-4 text-slate-400" />
      <input
        id="catalog-search"
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        className={cx(FIELD, 'ps-9')}
      />
    </div>
  );
}

/**
 * The catalogue's filters, one GET form: with JavaScript off it submits to /products (Apply); a choice made in the
 * server's page before the app took it over is read from the form and applied then.
 */
export function ProductFiltersBar({ query, view, filters, onApply }: {
  query: CatalogQuery; view: CatalogView; filters: ProductFilters | undefined; onApply: ApplyQuery;
}) {
  const { t } = useTranslation('catalog');
  const { price } = useFormat();
  const translated = useTranslated();
  const activeMore = moreFiltersCount(query);
  const [moreOpen, setMoreOpen] = useState(activeMore > 0);
  const priceRange = priceRangeOf(query);
  const customPrice = !priceRange && (query.min_price !== undefined || query.max_price !== undefined);
  const sort = sortValue(query);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const chosen = formCatalogQuery(earlyInput(formRef.current!));
    // A link may order by what the select does not offer (?ordering=name): the select cannot have been changed to it.
    if (!SORT_OPTIONS.some((option) => option.value === sort)) chosen.ordering = query.ordering;
    if (catalogHref({ ...chosen, page: query.page }, view) !== catalogHref(query, view)) onApply(chosen, { replace: true });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as the app takes the page over

  return (
    <form
      ref={formRef}
      id="catalog-filters"
      {...EARLY_INPUT}
      method="get"
      action="/products"
      aria-label={t('filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(formCatalogQuery(formFields(event.currentTarget)));
      }}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {view === 'list' && <input type="hidden" name="view" value="list" />}
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]">
        <div className="col-span-2 lg:col-span-1">
          <SearchField query={query} onApply={onApply} />
        </div>
        <Field label={t('category')}>
          {(id) => (
            <select id={id} name="category" className={FIELD} value={query.category ?? ''} onChange={(e) => onApply(withFilter(query, { category: e.target.value }))}>
              <option value="">{t('allCategories')}</option>
              {optionsWith(filters?.categories, query.category).map((o) => (
                <option key={o.value} value={o.value}>
                  {translated(o.label, 'label_translations' in o ? o.label_translations : {})}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('priceRange')}>
          {(id) => (
            <select id={id} name={FORM_FIELDS.priceRange} className={FIELD} value={priceRange?.value ?? (customPrice ? 'custom' : '')} onChange={(e) => onApply(withPriceRange(query, e.target.value))}>
              <option value="">{t('allPrices')}</option>
              {PRICE_RANGES.map((range) => (
                <option key={range.value} value={range.value}>
                  {priceRangeLabel(range, t, price)}
                </option>
              ))}
              {customPrice && (
                <option value="custom" disabled>
                  {t('customRange')}
                </option>
              )}
            </select>
          )}
        </Field>
        {/* A range of a link's own, which the select cannot show, goes with the form as it is. */}
        {customPrice && query.min_price !== undefined && <input type="hidden" name="min_price" value={query.min_price} />}
        {customPrice && query.max_price !== undefined && <input type="hidden" name="max_price" value={query.max_price} />}
        <Field label={t('sortBy')}>
          {(id) => (
            <select id={id} name="ordering" className={FIELD} value={sort} onChange={(e) => onApply(withSort(query, e.target.value as SortValue))}>
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value} disabled={option.value === RELEVANCE && !query.search}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button
          variant="secondary"
          aria-expanded={moreOpen}
          aria-controls="more-filters"
          onClick={() => setMoreOpen((open) => !open)}
          className={cx(activeMore > 0 && 'border-brand-400 text-brand-800')}
        >
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          {t('moreFilters')}
          {activeMore > 0 && (
            <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
              {activeMore}
              <span className="sr-only"> {t('active')}</span>
            </span>
          )}
        </Button>
      </div>

      <div id="more-filters" hidden={!moreOpen} className="mt-4 border-t border-slate-100 pt-4">
        <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto_auto]">
          <Field label={t('brand')}>
            {(id) => (
              <select id={id} name="brand" className={FIELD} value={query.brand ?? ''} onChange={(e) => onApply(withFilter(query, { brand: e.target.value }))}>
                <option value="">{t('allBrands')}</option>
                {optionsWith(filters?.brands, query.brand).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('certification')}>
            {(id) => (
              <select
                id={id}
                name="certification"
                className={FIELD}
                value={query.certification ?? ''}
                onChange={(e) => onApply(withFilter(query, { certification: e.target.value }))}
              >
                <option value="">{t('allCertifications')}</option>
                {optionsWith(filters?.certifications, query.certification).map((o) => (
                  <option key={o.value} value={o.value}>
                    {t('certificationName', { _code: o.value, english: o.label })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <MarketFilter className={FIELD} markets={filters?.markets} value={query.market} onChange={(market) => onApply(withFilter(query, { market }))} />
          <OptionFilters className={FIELD} query={query} options={filters?.options} onApply={onApply} />
          <label className="flex h-10 items-center gap-2 rounded-lg px-1 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              name="in_stock"
              value="true"
              checked={query.in_stock ?? false}
              onChange={(e) => onApply(withFilter(query, { in_stock: e.target.checked }))}
              className="h-4 w-4 rounded border-slate-300 accent-brand-700"
            />
            {t('inStockOnly')}
          </label>
          {activeMore > 0 && (
            <Button variant="ghost" onClick={() => onApply(withFilter(query, { brand: undefined, certification: undefined, market: undefined, handling: undefined, options: undefined, in_stock: undefined }))}>
              <X aria-hidden="true" className="h-4 w-4" /> {t('reset')}
            </Button>
          )}
        </div>
        <HandlingFilter className="mt-3" options={filters?.handling} value={query.handling} onChange={(handling) => onApply(withFilter(query, { handling }))} />
      </div>
      <noscript>
        <div className="mt-4 flex justify-end">
          <Button type="submit">{t('applyFilters')}</Button>
        </div>
      </noscript>
    </form>
  );
}
