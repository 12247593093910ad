import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FileDown, FileUp, Package, Plus } from 'lucide-react';
import { EmptyState } from '../catalog/empty-state.tsx';
import { Pagination } from '../catalog/pagination.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { RegulatoryExportButton } from '../regulatory/regulatory-export-button.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { ProductFilters } from './product-filters.tsx';
import { ProductTable } from './product-table.tsx';
import { downloadProductsCsv, staffProductsQuery } from './staff-products.api.ts';
import { useProductFilters } from './use-product-filters.ts';

function ProductCatalogue() {
  const { t } = useTranslation('staff-products');
  const { query, filters, filtered, setFilters, hrefFor } = useProductFilters();
  const products = useQuery(staffProductsQuery(query));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [downloading, setDownloading] = useState(false);
  // What is chosen belongs to the list it was chosen from.
  const listKey = JSON.stringify(query);
  const [chosenIn, setChosenIn] = useState(listKey);
  if (chosenIn !== listKey) {
    setChosenIn(listKey);
    setSelected(new Set());
  }

  const select = (id: number, on: boolean) => setSelected((before) => {
    const next = new Set(before);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });
  const download = () => {
    setDownloading(true);
    downloadProductsCsv(filters)
      .catch(() => notify.error(t('exportFailed')))
      .finally(() => setDownloading(false));
  };
  const pages = products.data ? Math.ceil(products.data.count / products.data.pageSize) : 1;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <PageHeader icon={Package} title={t('heading')} intro={t('intro')} />
        <div className="flex flex-wrap gap-2">
          <Link to="/staff/products/new" className={buttonClasses()}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t('newProduct')}
          </Link>
          <Link to="/staff/products/import" className={buttonClasses({ variant: 'secondary' })}>
            <FileUp aria-hidden="true" className="h-4 w-4" /> {t('importCsv')}
          </Link>
          <Button variant="secondary" onClick={download} disabled={downloading}>
            <FileDown aria-hidden="true" className="h-4 w-4" /> {downloading ? t('exporting') : t('exportCsv')}
          </Button>
          <RegulatoryExportButton />
        </div>
      </div>

      <ProductFilters filters={filters} setFilters={setFilters} />

      {products.isPending ? (
        <div role="status" aria-label={t('loading')} className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-16 w-full" />)}
        </div>
      ) : products.isError ? (
        <ErrorState title={t('loadFailed')} error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
      ) : products.data.results.length === 0 ? (
        <EmptyState title={t('none')} text={filtered ? t('tryAnother') : undefined}
          action={filtered && <Button variant="secondary" onClick={() => setFilters({ search: undefined, category: undefined, status: undefined, stock: undefined })}>{t('clearFilters')}</Button>} />
      ) : (
        <section aria-label={t('listLabel')} className="space-y-4">
          <p className="text-sm text-slate-600" role="status">{t('found', { count: products.data.count })}</p>
          {selected.size > 0 && <BulkActions ids={[...selected]} onClear={() => setSelected(new Set())} />}
          <div className="md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
            <ProductTable products={products.data.results} selected={selected} onSelect={select}
              onSelectAll={(on) => setSelected(new Set(on ? products.data.results.map((product) => product.id) : []))} />
          </div>
          <Pagination current={query.page} total={pages} hrefFor={hrefFor} />
        </section>
      )}
    </div>
  );
}

/** /staff/products (inside the sign-in guard): catalogue staff and the owner; everyone else is sent home. */
export function StaffProductsPage() {
  const { t } = useTranslation(['staff-products', 'regulatory']);
  return <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}><ProductCatalogue /></StaffOnly>;
}
