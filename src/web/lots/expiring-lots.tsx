import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import type { ExpiringLot } from '#contracts/lots';
import { Badge } from '../components/ui/badge.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { expiringLotsQuery } from './lots.api.ts';
import { withVariant } from '../catalog/with-variant.ts';

function LotRow({ lot }: { lot: ExpiringLot }) {
  const { t } = useTranslation('lots');
  const f = useFormat();
  const expired = lot.status === 'expired';
  return (
    <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center" data-testid="expiring-lot">
      <CalendarClock aria-hidden="true" className={expired ? 'h-5 w-5 shrink-0 text-red-600' : 'h-5 w-5 shrink-0 text-amber-600'} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          <Link to={`/products/${lot.productSlug}`} className="hover:underline">{withVariant(lot.productName, lot.variantLabel)}</Link>
        </p>
        <p className="text-sm text-slate-600">
          {t('lot')} <span className="font-mono" dir="ltr">{lot.lotNumber}</span> · {t('expiry')}{' '}
          <time dateTime={lot.expiryDate ?? ''}>{lot.expiryDate && f.date(`${lot.expiryDate}T00:00:00Z`, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })}</time>
          {' · '}{t('units', { count: lot.currentStock })}
        </p>
      </div>
      <Badge tone={expired || lot.status === 'recalled' ? 'danger' : 'warning'}>
        {lot.status === 'recalled' ? t('recalled') : expired ? t('expired') : t('daysLeft', { count: lot.daysLeft ?? 0 })}
      </Badge>
    </Card>
  );
}

/** Staff: lots in stock that expire within 90 days, soonest first. */
export function ExpiringLots() {
  const { t } = useTranslation('lots');
  const lots = useQuery(expiringLotsQuery());
  if (lots.isPending) return null;
  if (lots.isError) return <ErrorState title={t('expiringFailed')} error={lots.error} onRetry={() => void lots.refetch()} retrying={lots.isFetching} />;
  return (
    <section aria-labelledby="expiring-lots-title" className="space-y-3">
      <h2 id="expiring-lots-title" className="text-lg font-bold text-slate-900">{t('expiringTitle')}</h2>
      {lots.data.lots.length === 0 ? (
        <p className="text-sm text-slate-600">{t('expiringNone')}</p>
      ) : (
        <ul className="space-y-3">
          {lots.data.lots.map((lot) => <li key={lot.id}><LotRow lot={lot} /></li>)}
        </ul>
      )}
    </section>
  );
}
