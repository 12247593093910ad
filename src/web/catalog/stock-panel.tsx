import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { productStockQuery } from './catalog.api.ts';
import { StockIndicator, type StockReading } from './stock-indicator.tsx';
import { useLiveStock, useLowStockAlert } from '../inventory/use-live-stock.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

/** What the product page's own answer says is available: shown until the live figures arrive. */
export interface StockSummary {
  available: number;
  threshold: number;
}

/**
 * Live stock for one product, or for the chosen variant of a product sold in several: pushed as it changes while
 * 'Live', and polled every 2 minutes in any case. The live figures are the browser's to fetch: a server-rendered
 * page shows what the product's answer says is available, and is kept with it.
 */
export function StockPanel({ slug, variant, summary }: {
  slug: string;
  variant?: { id: number; lowStockThreshold: number };
  summary: StockSummary;
}) {
  const hydrated = useHydrated();
  const stock = useQuery({ ...productStockQuery(slug), enabled: hydrated });
  const { t } = useTranslation('catalog');
  const f = useFormat();
  const data = stock.data;
  const live = useLiveStock(data && { id: data.productId, slug });
  useLowStockAlert(slug, data);
  const own = variant && data?.variants.find((row) => row.variantId === variant.id);
  const figures = own ? { ...own, lowStockThreshold: variant.lowStockThreshold } : data;
  const reading: StockReading = figures
    ? { state: 'loaded', available: figures.availableStock, current: figures.currentStock, threshold: figures.lowStockThreshold }
    : stock.isError
      ? { state: 'error' }
      : { state: 'loaded', available: summary.available, current: summary.available, threshold: summary.threshold };

  return (
    <section aria-labelledby="stock-heading" className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <h2 id="stock-heading" className="sr-only">
        {t('stockLevel')}
      </h2>
      <StockIndicator reading={reading} live={live} updating={stock.isFetching && !stock.isPending} className="text-sm" />
      {data && (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-4">
          <div>
            <dt>{t('inWarehouse')}</dt>
            <dd className="font-semibold text-slate-900">{f.number(figures!.currentStock)}</dd>
          </div>
          <div>
            <dt>{t('reserved')}</dt>
            <dd className="font-semibold text-slate-900">{f.number(figures!.reservedStock)}</dd>
          </div>
          <div>
            <dt>{t('ordered24h')}</dt>
            <dd className="font-semibold text-slate-900">{f.number(data.totalDemand)}</dd>
          </div>
          <div>
            <dt>{t('checked')}</dt>
            <dd className="font-semibold text-slate-900">
              {/* In the visitor's time zone, which the server does not know. */}
              <time dateTime={data.lastUpdated}>{hydrated ? f.time(data.lastUpdated) : ''}</time>
            </dd>
          </div>
        </dl>
      )}
      {stock.isError && data && <p className="mt-2 text-xs text-red-700">{t('stockRefreshFailed')}</p>}
    </section>
  );
}
