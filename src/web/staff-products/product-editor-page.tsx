import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState } from '../catalog/empty-state.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ApiError } from '../lib/api.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { ProductEditor } from './product-editor.tsx';
import { staffProductQuery } from './staff-products.api.ts';

/** What shows instead of the editor (loading, an unknown product, a failure), under the list's title. */
function InsteadOfEditor({ children }: { children: ReactNode }) {
  const { t } = useTranslation('staff-products');
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      {children}
    </div>
  );
}

function ExistingProduct({ id }: { id: number }) {
  const { t } = useTranslation('staff-products');
  const product = useQuery(staffProductQuery(id));
  if (product.isPending) {
    return (
      <InsteadOfEditor>
        <div role="status" aria-label={t('loading')} className="space-y-4">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-96 w-full" />
        </div>
      </InsteadOfEditor>
    );
  }
  if (product.isError) {
    return (
      <InsteadOfEditor>
        {product.error instanceof ApiError && product.error.status === 404 ? <EmptyState title={t('notFound')} /> : (
          <ErrorState title={t('loadProductFailed')} error={product.error} onRetry={() => void product.refetch()} retrying={product.isFetching} />
        )}
      </InsteadOfEditor>
    );
  }
  return <ProductEditor key={id} product={product.data} />;
}

/** /staff/products/new and /staff/products/:id (inside the sign-in guard): catalogue staff and the owner. */
export function ProductEditorPage() {
  // A saved product's photos, documents and history load with the page: loaded when the product arrives (or right
  // after it is created), they would blank the page meanwhile.
  const { t } = useTranslation(['staff-products', 'staff-media', 'audit']);
  const { id = 'new' } = useParams();
  const productId = Number(id);
  return (
    <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}>
      {id === 'new' ? <ProductEditor key="new" product={null} />
        : Number.isInteger(productId) && productId > 0 ? <ExistingProduct id={productId} />
        : <InsteadOfEditor><EmptyState title={t('notFound')} /></InsteadOfEditor>}
    </StaffOnly>
  );
}
