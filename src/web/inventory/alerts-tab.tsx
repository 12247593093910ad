import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertTriangle, Ban, BellOff, Check, PackagePlus, Radio } from 'lucide-react';
import type { StockAlert } from '#contracts/inventory';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { cx } from '../lib/class-names.ts';
import { alertsQuery, useAcknowledgeAlert } from './inventory.api.ts';
import type { ReceiveTarget } from './receive-stock-dialog.tsx';
import { useLiveInventory } from './use-live-stock.ts';
import { useFormat } from '../i18n/use-format.ts';
import { withVariant } from '../catalog/with-variant.ts';
import { useErrorText } from '../lib/error-text.ts';


function AlertRow({ alert, onReceive }: { alert: StockAlert; onReceive: (product: ReceiveTarget) => void }) {
  const { t } = useTranslation('inventory');
  const errorText = useErrorText();
  const acknowledge = useAcknowledgeAlert();
  const f = useFormat();
  const out = alert.kind === 'out';
  const Icon = out ? Ban : AlertTriangle;
  return (
    <Card className={cx('flex flex-col gap-3 p-4 sm:flex-row sm:items-center', alert.acknowledged && 'opacity-75')} data-testid="stock-alert">
      <Icon aria-hidden="true" className={cx('h-5 w-5 shrink-0', out ? 'text-red-600' : 'text-orange-500')} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          <Link to={`/products/${alert.productSlug}`} className="hover:underline">
            {withVariant(alert.productName, alert.variantLabel)}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {out ? t('outOfStockText') : t('onlyLeft', { available: alert.availableStock, threshold: alert.lowStockThreshold })} · {t('since')}{' '}
          <time dateTime={alert.openedAt}>{f.dateTime(alert.openedAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={out ? 'danger' : 'warning'}>{out ? t('outOfStock') : t('lowStock')}</Badge>
        <Button variant="secondary" size="sm" onClick={() => onReceive(alert)}>
          <PackagePlus aria-hidden="true" className="h-4 w-4" /> {t('receive')}
        </Button>
        {alert.acknowledged ? (
          <span className="inline-flex items-center gap-1 text-sm text-slate-500">
            <Check aria-hidden="true" className="h-4 w-4" /> {t('acknowledged')}
          </span>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            disabled={acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(alert.id, { onError: (error) => notify.error(t('acknowledgeFailed'), errorText(error)) })
            }
          >
            {t('acknowledge')}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** Alerts shown at first and added by each 'Show more'. */
const ALERTS_STEP = 20;

export function AlertsTab({ onReceive }: { onReceive: (product: ReceiveTarget) => void }) {
  const { t } = useTranslation('inventory');
  const alerts = useQuery(alertsQuery());
  const [shown, setShown] = useState(ALERTS_STEP);
  const visible = alerts.data?.alerts.slice(0, shown) ?? [];
  const live = useLiveInventory(visible.map((a) => a.productId));

  if (alerts.isPending) {
    return (
      <div role="status" aria-label={t('loadingAlerts')} className="space-y-3">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
    );
  }
  if (alerts.isError) {
    return <ErrorState title={t('loadFailed')} error={alerts.error} onRetry={() => void alerts.refetch()} retrying={alerts.isFetching} />;
  }
  const list = alerts.data.alerts;
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <BellOff aria-hidden="true" className="h-10 w-10 text-slate-400" />
        <p className="mt-3 text-lg font-semibold text-slate-800">{t('noAlerts')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('noAlertsText')}</p>
      </div>
    );
  }
  const outCount = list.filter((a) => a.kind === 'out').length;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <p>
          {t('alertCounts', { out: outCount, low: list.length - outCount })}
        </p>
        {live && (
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-700">
            <Radio aria-hidden="true" className="h-3.5 w-3.5" /> {t('live')}
          </span>
        )}
      </div>
      <ul className="space-y-3">
        {visible.map((alert) => (
          <li key={alert.id}>
            <AlertRow alert={alert} onReceive={onReceive} />
          </li>
        ))}
      </ul>
      {list.length > shown && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => setShown(shown + ALERTS_STEP)}>
            {t('showMore', { left: list.length - shown })}
          </Button>
        </div>
      )}
    </div>
  );
}
