import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ExternalLink, History, PackagePlus } from 'lucide-react';
import type { InventoryItem } from '#contracts/inventory';
import { stockBarShare, stockStatus, StockBadge } from '../catalog/stock-indicator.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { cx } from '../lib/class-names.ts';
import { inventoryClient } from './inventory-client.ts';
import { MovementHistory } from './movement-history.tsx';
import type { ReceiveTarget } from './receive-stock-dialog.tsx';

const BAR = { out: 'bg-red-500', low: 'bg-orange-500', in: 'bg-emerald-500' } as const;
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 24-hour demand through the spec's inventory service (3 requests at a time, cached 5 minutes). */
function useDemand(productId: number) {
  return useQuery({
    queryKey: ['inventory', 'status', productId],
    queryFn: () => inventoryClient.getStatus(productId),
    staleTime: 60_000,
  });
}

export function InventoryItemCard({ item, onReceive }: { item: InventoryItem; onReceive: (product: ReceiveTarget) => void }) {
  const [showHistory, setShowHistory] = useState(false);
  const status = stockStatus(item.availableStock, item.lowStockThreshold);
  const share = stockBarShare(item.availableStock, item.totalStock, item.lowStockThreshold);
  const demand = useDemand(item.productId);

  return (
    <Card className="p-5" data-testid="inventory-item">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">{item.productName}</h3>
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
          <strong className="text-lg font-bold text-slate-900">{item.availableStock}</strong> available of {item.totalStock}
        </span>
        {item.reservedStock > 0 && <span className="text-slate-600">{item.reservedStock} reserved</span>}
      </div>
      <div
        role="progressbar"
        aria-label={`Stock level of ${item.productName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cx('h-full rounded-full', BAR[status])} style={{ width: `${share}%` }} />
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-xs text-slate-600 sm:grid-cols-3">
        <div>
          <dt>Low stock threshold</dt>
          <dd className="font-semibold text-slate-900">{item.lowStockThreshold}</dd>
        </div>
        <div>
          <dt>Ordered (24 h)</dt>
          <dd className="font-semibold text-slate-900">{demand.data ? demand.data.totalDemand : '--'}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt>Last checked</dt>
          <dd className="font-semibold text-slate-900">
            <time dateTime={item.lastStockCheck}>{date.format(new Date(item.lastStockCheck))}</time>
          </dd>
        </div>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {item.hasDjangoProduct && (
          <Link to={`/products/${item.productSlug}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" /> View Product
          </Link>
        )}
        <Button variant="secondary" size="sm" onClick={() => onReceive(item)}>
          <PackagePlus aria-hidden="true" className="h-4 w-4" /> Receive
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
          <History aria-hidden="true" className="h-4 w-4" /> {showHistory ? 'Hide history' : 'History'}
        </Button>
      </div>
      {showHistory && <MovementHistory productId={item.productId} />}
    </Card>
  );
}
