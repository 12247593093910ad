import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductDetail } from '#contracts/catalog';
import { cx } from '../lib/class-names.ts';
import { ReviewsTab } from './reviews-tab.tsx';
import { ProductDocuments } from '../documents/product-documents.tsx';
import { arrowStep } from '../i18n/reading-direction.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { catalogMessages } from './messages.ts';
import { DataText } from '../components/ui/data-text.tsx';

const TABS = ['Description', 'Specifications', 'Documents', 'Reviews'] as const;
const TAB_LABELS = { Description: 'tabDescription', Specifications: 'tabSpecifications', Documents: 'tabDocuments', Reviews: 'tabReviews' } as const;
type Tab = (typeof TABS)[number];

function DescriptionPanel({ description }: { description: string }) {
  return (
    <div className="max-w-3xl space-y-4 text-slate-700">
      {description.split(/\n{2,}/).map((paragraph, index) => (
        <DataText as="p" key={index}>{paragraph}</DataText>
      ))}
    </div>
  );
}

function SpecificationsPanel({ specifications }: { specifications: ProductDetail['specifications'] }) {
  const t = useMessages(catalogMessages);
  const rows = Object.entries(specifications);
  if (rows.length === 0) return <p className="text-slate-600">{t.noSpecifications}</p>;
  return (
    <dl className="max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200">
      {rows.map(([key, value]) => (
        <div key={key} className="grid gap-1 px-4 py-3 odd:bg-slate-50 sm:grid-cols-[14rem_1fr] sm:gap-4">
          <DataText as="dt" className="text-sm font-semibold text-slate-700">{key}</DataText>
          <DataText as="dd" className="text-sm text-slate-900">{value}</DataText>
        </div>
      ))}
    </dl>
  );
}

/** Description, Specifications, Documents and Reviews as an ARIA tab set (arrow keys move between tabs). */
export function ProductTabs({ product }: { product: ProductDetail }) {
  const [active, setActive] = useState<Tab>('Description');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const t = useMessages(catalogMessages);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.indexOf(active);
    const step = arrowStep(event.key);
    const next =
      step !== 0 ? (index + step + TABS.length) % TABS.length
        : event.key === 'Home' ? 0
          : event.key === 'End' ? TABS.length - 1
            : -1;
    if (next < 0) return;
    event.preventDefault();
    setActive(TABS[next]!);
    tabRefs.current[next]?.focus();
  }

  const label = (tab: Tab) =>
    tab === 'Reviews' && product.review_count > 0 ? t.withCount(t.tabReviews, product.review_count)
      : tab === 'Documents' && product.documents.length > 0 ? t.withCount(t.tabDocuments, product.documents.length)
        : t[TAB_LABELS[tab]];

  return (
    <section className="mt-14" aria-label={t.productInformation}>
      <div role="tablist" aria-label={t.productInformation} onKeyDown={onKeyDown} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:rounded-none sm:border-b sm:border-slate-200 sm:bg-transparent sm:p-0">
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={active === tab}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={active === tab ? 0 : -1}
            onClick={() => setActive(tab)}
            className={cx(
              'rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
              'sm:-mb-px sm:rounded-none sm:border-b-2 sm:px-4 sm:py-3',
              active === tab
                ? 'bg-white text-brand-800 shadow-sm sm:border-brand-700 sm:bg-transparent sm:shadow-none'
                : 'text-slate-600 hover:text-slate-900 sm:border-transparent',
            )}
          >
            {label(tab)}
          </button>
        ))}
      </div>
      {TABS.map((tab, index) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={active !== tab}
          tabIndex={0}
          className="pt-6 focus:outline-none"
        >
          {active === tab &&
            (tab === 'Description' ? (
              <DescriptionPanel description={product.description} />
            ) : tab === 'Specifications' ? (
              <SpecificationsPanel specifications={product.specifications} />
            ) : tab === 'Documents' ? (
              <ProductDocuments documents={product.documents} />
            ) : (
              <ReviewsTab slug={product.slug} />
            ))}
        </div>
      ))}
    </section>
  );
}
