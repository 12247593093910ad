import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { flashSalesQuery } from '../catalog/catalog.api.ts';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useNow } from '../lib/use-now.ts';
import { FlashSaleCard } from './flash-sale-card.tsx';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4';

function FlashSaleHeading() {
  const { t } = useTranslation('home');
  return (
    <div className="flex items-center gap-3">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
        <Zap aria-hidden="true" className="h-6 w-6 fill-current" />
      </span>
      <div>
        <h2 id="flash-sale-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('flashSale')}
        </h2>
        <p className="text-slate-600">{t('flashSaleText')}</p>
      </div>
    </div>
  );
}

function FlashSaleItems() {
  const { data, error, isPending, isError, refetch, isFetching } = useQuery(flashSalesQuery());
  const now = useNow(1000);
  const { t } = useTranslation('home');

  if (isPending) {
    return (
      <div className={GRID} role="status" aria-label={t('loadingFlashSale')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[26rem] rounded-xl" />
        ))}
      </div>
    );
  }
  if (isError) {
    return <ErrorState title={t('flashSaleError')} error={error} onRetry={() => refetch()} retrying={isFetching} />;
  }
  return (
    <ul className={GRID}>
      {data.items.map((item) => (
        <li key={item.id}>
          <FlashSaleCard item={item} now={now} />
        </li>
      ))}
    </ul>
  );
}

/** Hidden entirely when there is nothing on sale. */
export function FlashSaleSection() {
  const { data } = useQuery(flashSalesQuery());
  if (data && data.items.length === 0) return null;

  return (
    <section aria-labelledby="flash-sale-heading" className="border-y border-amber-100 bg-gradient-to-b from-amber-50/70 to-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <FlashSaleHeading />
        <div className="mt-8">
          <FlashSaleItems />
        </div>
      </div>
    </section>
  );
}
