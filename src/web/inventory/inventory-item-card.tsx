import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ExternalLink, History, PackagePlus } from 'lucide-react';
import type { InventoryItem } from '#contracts/inventory';
import { stockBarShare, stockStatus, StockBadge } from '../catalog/stock-indicator.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { cx } from '../lib/class-names.ts';
import { statusQuery } from './inventory.api.ts';
import { MovementHistory } from './movement-history.tsx';
import type { ReceiveTarget } from './receive-stock-dialog.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { withVariant } from '../catalog/with-variant.ts';

const BAR = { out: 'bg-red-500', low: 'bg-orange-500', in: 'bg-emerald-500' } as const;

export function InventoryItemCard({ item, onReceive }: { item: InventoryItem; onReceive: (product: ReceiveTarget) => void }) {
  const { t } = useTranslation('inventory');
  const [showHistory, setShowHistory] = useState(false);
  const f = useFormat();
  const status = stockStatus(item.availableStock, item.lowStockThreshold);
  const share = stockBarShare(item.availableStock, item.totalStock, item.lowStockThreshold);
  const demand = useQuery(statusQuery(item.productId));

  return (
    <Card className="p-5" data-testid="inventory-item">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">{withVariant(item.productName, item.variantLabel)}</h3>
          <p className="text-sm text-slate-600">
            {item.productBrand} · {item.productCategory} · <span className="font-mono">{item.productModel}</span>
          </p>
        </div>
        <span className="shrink-0">
          <StockBadge status={status} />
        </span>
      </div>

      <div className="mt-4 flex items-baseline justify-between text-sm">
        <span className="text-slate-600">
          <strong className="text-lg font-bold text-slate-900">{item.availableStock}</strong>{t('availableOf', { total: item.totalStock })}
        </span>
        {item.reservedStock > 0 && <span className="text-slate-600">{t('reserved', { n: item.reservedStock })}</span>}
      </div>
      <div
        role="progressbar"
        aria-label={t('stockLevelOf', { name: withVariant(item.productName, item.variantLabel) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cx('h-full rounded-full', BAR[status])} style={{ width: `${share}%` }} />
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-xs text-slate-600 sm:grid-cols-3">
        <div>
          <dt>{t('lowThreshold')}</dt>
          <dd className="font-semibold text-slate-900">{item.lowStockThreshold}</dd>
        </div>
        <div>
          <dt>{t('ordered24h')}</dt>
          <dd className="font-semibold text-slate-900">{demand.data ? demand.data.totalDemand : '--'}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt>{t('lastChecked')}</dt>
          <dd className="font-semibold text-slate-900">
            <time dateTime={item.lastStockCheck}>{f.dateTime(item.lastStockCheck)}</time>
          </dd>
        </div>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {item.hasDjangoProduct && (
          <Link to={`/products/${item.productSlug}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" /> {t('viewProduct')}
          </Link>
        )}
        <Button variant="secondary" size="sm" onClick={() => onReceive(item)}>
          <PackagePlus aria-hidden="true" className="h-4 w-4" /> {t('receive')}
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
          <History aria-hidden="true" className="h-4 w-4" /> {showHistory ? t('hideHistory') : t('history')}
        </Button>
      </div>
      {showHistory && <MovementHistory productId={item.productId} />}
    </Card>
  );
}
