import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '#contracts/catalog';
import { cx } from '../lib/class-names.ts';
import { ReviewsTab } from './reviews-tab.tsx';
import { ProductDocuments } from '../documents/product-documents.tsx';
import { RegulatoryTab } from '../regulatory/regulatory-tab.tsx';
import { ProductDescription } from './product-description.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs.tsx';

const TABS = ['Description', 'Specifications', 'Documents', 'Regulatory', 'Reviews'] as const;
const TAB_LABELS = {
  Description: 'tabDescription', Specifications: 'tabSpecifications', Documents: 'tabDocuments', Regulatory: 'tabRegulatory', Reviews: 'tabReviews',
} as const;
type ProductTab = (typeof TABS)[number];

/** The staff's specifications, then the UNSPSC code hospital buyers file the product under. */
function SpecificationsPanel({ specifications, unspsc }: Pick<ProductDetail, 'specifications' | 'unspsc'>) {
  const { t } = useTranslation('catalog');
  const rows = [...Object.entries(specifications), ...(unspsc ? [['UNSPSC', unspsc]] : [])];
  if (rows.length === 0) return <p className="text-slate-600">{t('noSpecifications')}</p>;
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

/** Description, Specifications, Documents, Regulatory and Reviews as a tab set (arrow keys move between tabs). */
export function ProductTabs({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalog');

  const label = (tab: ProductTab) =>
    tab === 'Reviews' && product.review_count > 0 ? t('withCount', { label: t('tabReviews'), count: product.review_count })
      : tab === 'Documents' && product.documents.length > 0 ? t('withCount', { label: t('tabDocuments'), count: product.documents.length })
        : t(TAB_LABELS[tab]);

  return (
    <section className="mt-14" aria-label={t('productInformation')}>
      <Tabs defaultValue={TABS[0]}>
        <TabList look="pill" aria-label={t('productInformation')} className="grid grid-cols-2 sm:flex sm:rounded-none sm:border-b sm:border-slate-200 sm:bg-transparent sm:p-0">
          {TABS.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              look="pill"
              className={cx(
                'px-3 py-2 text-sm whitespace-nowrap',
                'sm:-mb-px sm:rounded-none sm:border-b-2 sm:px-4 sm:py-3 sm:data-[state=inactive]:border-transparent',
                'sm:data-[state=active]:border-brand-700 sm:data-[state=active]:bg-transparent sm:data-[state=active]:shadow-none',
              )}
            >
              {label(tab)}
            </Tab>
          ))}
        </TabList>
        <TabPanel value="Description" tabIndex={0} className="pt-6 focus:outline-none">
          <ProductDescription description={product.description} />
        </TabPanel>
        <TabPanel value="Specifications" tabIndex={0} className="pt-6 focus:outline-none">
          <SpecificationsPanel specifications={product.specifications} unspsc={product.unspsc} />
        </TabPanel>
        <TabPanel value="Documents" tabIndex={0} className="pt-6 focus:outline-none">
          <ProductDocuments documents={product.documents} />
        </TabPanel>
        <TabPanel value="Regulatory" tabIndex={0} className="pt-6 focus:outline-none">
          <RegulatoryTab product={product} />
        </TabPanel>
        <TabPanel value="Reviews" tabIndex={0} className="pt-6 focus:outline-none">
          <ReviewsTab slug={product.slug} />
        </TabPanel>
      </Tabs>
    </section>
  );
}
