import { useTranslation } from 'react-i18next';
import { Radio, RefreshCw } from 'lucide-react';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { cx } from '../lib/class-names.ts';
import { useFormat } from '../i18n/use-format.ts';

export type StockStatus = 'out' | 'low' | 'in';

/** Out of stock at 0, low at or under the threshold, otherwise in stock. */
export function stockStatus(available: number, threshold: number): StockStatus {
  if (available <= 0) return 'out';
  return available <= threshold ? 'low' : 'in';
}

/** The bar's fill: the available share of current stock plus the threshold, as a percentage capped at 100. */
export function stockBarShare(available: number, current: number, threshold: number): number {
  const scale = current + threshold;
  if (scale <= 0 || available <= 0) return 0;
  return Math.min(100, (available / scale) * 100);
}

/**
 * The list item carries no threshold of its own; the spec's default threshold is never below 5, so cards use that
 * floor and the detail page shows the product's own threshold.
 */
export const CARD_LOW_STOCK_THRESHOLD = 5;

const LABELS = { out: 'outOfStock', low: 'lowStock', in: 'inStock' } as const;
const TONES: Record<StockStatus, BadgeTone> = { out: 'danger', low: 'warning', in: 'success' };
const BARS: Record<StockStatus, string> = { out: 'bg-red-500', low: 'bg-orange-500', in: 'bg-emerald-500' };

export type StockReading =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'loaded'; available: number; current: number; threshold: number };

export function StockBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation('catalog');
  return <Badge tone={TONES[status]}>{t(LABELS[status])}</Badge>;
}

/** Live stock: a status badge, the available count and a bar; 'Live' and 'Updating...' when the reading is polled. */
export function StockIndicator({
  reading,
  live = false,
  updating = false,
  className,
}: {
  reading: StockReading;
  live?: boolean;
  updating?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  const f = useFormat();
  const status = reading.state === 'loaded' ? stockStatus(reading.available, reading.threshold) : undefined;
  const share = reading.state === 'loaded' ? stockBarShare(reading.available, reading.current, reading.threshold) : 0;

  return (
    <div className={cx('text-xs', className)} data-testid="stock-indicator" aria-busy={reading.state === 'loading' || updating}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {reading.state === 'loading' ? (
          <span className="h-5 w-16 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none" aria-hidden="true" />
        ) : reading.state === 'error' ? (
          <Badge tone="neutral">{t('stockError')}</Badge>
        ) : (
          <StockBadge status={status!} />
        )}
        <span className="font-medium text-slate-600">
          {reading.state === 'loaded' ? t('available', { n: f.number(reading.available) }) : reading.state === 'error' ? t('unknownAvailable') : t('checkingStock')}
        </span>
        {live && (
          <span className="ms-auto inline-flex items-center gap-1 font-semibold text-emerald-700">
            {updating ? (
              <>
                <RefreshCw aria-hidden="true" className="h-3 w-3 animate-spin motion-reduce:animate-none" /> {t('updating')}
              </>
            ) : (
              <>
                <Radio aria-hidden="true" className="h-3 w-3" /> {t('live')}
              </>
            )}
          </span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={t('stockLevel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        {status && <div className={cx('h-full rounded-full', BARS[status])} style={{ width: `${share}%` }} />}
      </div>
    </div>
  );
}
