import { useTranslation } from 'react-i18next';
import type { LineLot, StaffOrderLine } from '#contracts/staff-order-detail';
import { DataText } from '../components/ui/data-text.tsx';
import { VariantLabel } from '../cart/variant-label.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { calendarDay } from '../quotes/quote-dates.ts';
import { useLinePrice } from '../orders/order-breakdown.tsx';

/** A lot to pick from: its number and expiry, the units from it, and each unit's serial number and UDI. */
function LotToPick({ lot }: { lot: LineLot }) {
  const { t } = useTranslation('staff-orders');
  const f = useFormat();
  return (
    <li className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-slate-900">
          {lot.lot_number ? t('lot', { lot: `\u2068${lot.lot_number}\u2069` }) : t('unlabelledLot')}
        </span>
        <span className="font-semibold text-slate-900">{t('lotUnits', { count: lot.quantity })}</span>
        {lot.expiry_date && <span className="text-slate-600">{t('expires', { date: f.date(calendarDay(lot.expiry_date)) })}</span>}
      </p>
      {lot.serials.length > 0 && (
        <p className="text-slate-700">{lot.serials.map((serial) => t('serial', { serial: `\u2068${serial}\u2069` })).join(' · ')}</p>
      )}
      {lot.udis.length > 0 && (
        <ul aria-label={t('udi')} className="mt-1 space-y-0.5">
          {lot.udis.map((udi) => (
            <li key={udi} className="text-xs text-slate-600">
              {t('udi')} <bdi dir="ltr" className="font-mono break-all">{udi}</bdi>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The order's lines as a packer picks them: what, how many, from which lots, and how many are already shipped. */
export function PickList({ lines }: { lines: StaffOrderLine[] }) {
  const { t } = useTranslation('staff-orders');
  const linePrice = useLinePrice();
  return (
    <ul aria-label={t('pickList')} className="divide-y divide-slate-100">
      {lines.map((line) => (
        <li key={line.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <div className="min-w-0">
              <DataText as="p" className="font-semibold text-slate-900">{line.name}</DataText>
              <VariantLabel label={line.variantLabel} className="text-sm" />
              <p className="text-xs text-slate-600">{t('catalogueNumber', { number: `\u2068${line.model_number}\u2069` })}</p>
            </div>
            <div className="text-end text-sm">
              <p className="text-base font-bold text-slate-900">{t('quantity', { count: line.quantity })}</p>
              <p className="text-slate-600">{linePrice.each(line)} · {linePrice.total(line)}</p>
              <p className="text-xs text-slate-600">{t('shipped', { shipped: line.shipped_quantity, count: line.quantity })}</p>
            </div>
          </div>
          {line.lots.length > 0
            ? <ul className="space-y-1">{line.lots.map((lot) => <LotToPick key={`${lot.lot_number}`} lot={lot} />)}</ul>
            : <p className="text-sm text-slate-600">{t('noLots')}</p>}
        </li>
      ))}
    </ul>
  );
}
