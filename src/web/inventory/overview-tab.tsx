import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Ban, Boxes, DollarSign, FileDown, PackagePlus, type LucideIcon } from 'lucide-react';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { cx } from '../lib/class-names.ts';
import { downloadInventoryReport, overviewQuery } from './inventory.api.ts';
import { useErrorText } from '../lib/error-text.ts';


function Tile({ label, value, icon: Icon, tone }: { label: string; value: ReactNode; icon: LucideIcon; tone: string }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className={cx('flex h-11 w-11 shrink-0 items-center justify-center rounded-xl', tone)}>
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      {/* The figure's size follows the room the card leaves it, so a long PKR total still fits at every width. */}
      <div className="@container min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-base font-bold break-words text-slate-900 tabular-nums @[11rem]:text-lg @[13rem]:text-xl @[16rem]:text-2xl" data-testid={`tile-${label}`}>
          {value}
        </p>
      </div>
    </Card>
  );
}

function Action({ label, text, icon: Icon, onClick, busy }: { label: string; text: string; icon: LucideIcon; onClick: () => void; busy?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-start shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 disabled:opacity-60"
    >
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <span>
        <span className="block font-semibold text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
    </button>
  );
}

export function OverviewTab({ onAddStock, onShowAlerts }: { onAddStock: () => void; onShowAlerts: () => void }) {
  const { t } = useTranslation('inventory');
  const errorText = useErrorText();
  const overview = useQuery(overviewQuery());
  const f = useFormat();
  const [downloading, setDownloading] = useState(false);
  const data = overview.data;
  const shown = (value: number | undefined) => (value === undefined ? '--' : f.number(value));

  const download = () => {
    setDownloading(true);
    downloadInventoryReport()
      .catch((error: unknown) => notify.error(t('reportFailed'), errorText(error)))
      .finally(() => setDownloading(false));
  };

  return (
    <div className="space-y-8">
      {overview.isError && !data ? (
        <ErrorState
          title={t('loadFailed')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <section aria-label={t('stockFigures')} aria-busy={overview.isPending} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Tile label={t('totalProducts')} value={shown(data?.totalProducts)} icon={Boxes} tone="bg-brand-50 text-brand-700" />
          <Tile label={t('lowStockItems')} value={shown(data?.lowStockItems)} icon={AlertTriangle} tone="bg-amber-50 text-amber-700" />
          <Tile label={t('outOfStock')} value={shown(data?.outOfStock)} icon={Ban} tone="bg-red-50 text-red-600" />
          <Tile
            label={t('totalValue')}
            value={data ? f.price(data.totalStockValue) : '--'}
            icon={DollarSign}
            tone="bg-emerald-50 text-emerald-700"
          />
        </section>
      )}

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="font-semibold text-slate-900">
          {t('quickActions')}
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Action label={t('addStock')} text={t('addStockText')} icon={PackagePlus} onClick={onAddStock} />
          <Action label={t('lowStockAlerts')} text={t('lowStockAlertsText')} icon={AlertTriangle} onClick={onShowAlerts} />
          <Action label={t('reports')} text={t('reportsText')} icon={FileDown} onClick={download} busy={downloading} />
        </div>
      </section>
    </div>
  );
}
