import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Download, FileText } from 'lucide-react';
import type { ProductDetail } from '#contracts/catalog';
import { buttonClasses } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';
import { ReviewsTab } from './reviews-tab.tsx';

const TABS = ['Description', 'Specifications', 'Documents', 'Reviews'] as const;
type Tab = (typeof TABS)[number];

function DescriptionPanel({ description }: { description: string }) {
  return (
    <div className="max-w-3xl space-y-4 text-slate-700">
      {description.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

function SpecificationsPanel({ specifications }: { specifications: ProductDetail['specifications'] }) {
  const rows = Object.entries(specifications);
  if (rows.length === 0) return <p className="text-slate-600">No specifications are listed for this product.</p>;
  return (
    <dl className="max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200">
      {rows.map(([key, value]) => (
        <div key={key} className="grid gap-1 px-4 py-3 odd:bg-slate-50 sm:grid-cols-[14rem_1fr] sm:gap-4">
          <dt className="text-sm font-semibold text-slate-700">{key}</dt>
          <dd className="text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DocumentsPanel({ documents }: { documents: ProductDetail['documents'] }) {
  if (documents.length === 0) return <p className="text-slate-600">No documents are available for this product.</p>;
  return (
    <ul className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {documents.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <FileText aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-700" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{doc.name}</p>
            <p className="text-xs text-slate-500">
              {doc.type} · {doc.size}
            </p>
          </div>
          <a href={doc.url} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <Download aria-hidden="true" className="h-4 w-4" /> Download
            <span className="sr-only"> {doc.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Description, Specifications, Documents and Reviews as an ARIA tab set (arrow keys move between tabs). */
export function ProductTabs({ product }: { product: ProductDetail }) {
  const [active, setActive] = useState<Tab>('Description');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.indexOf(active);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft' ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home' ? 0
            : event.key === 'End' ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setActive(TABS[next]!);
    tabRefs.current[next]?.focus();
  }

  const label = (tab: Tab) =>
    tab === 'Reviews' && product.review_count > 0 ? `Reviews (${product.review_count})`
      : tab === 'Documents' && product.documents.length > 0 ? `Documents (${product.documents.length})`
        : tab;

  return (
    <section className="mt-14" aria-label="Product information">
      <div role="tablist" aria-label="Product information" onKeyDown={onKeyDown} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:rounded-none sm:border-b sm:border-slate-200 sm:bg-transparent sm:p-0">
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
              <DocumentsPanel documents={product.documents} />
            ) : (
              <ReviewsTab slug={product.slug} />
            ))}
        </div>
      ))}
    </section>
  );
}
