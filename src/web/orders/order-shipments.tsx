import { useTranslation } from 'react-i18next';
import { ExternalLink, MapPin, Truck } from 'lucide-react';
import type { OrderShipment } from '#contracts/orders';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { OrderEventText } from './order-event-text.tsx';

/** One parcel of the order: its carrier and tracking number (linked to the carrier's page), status, lines and tracking. */
function ShipmentCard({ shipment }: { shipment: OrderShipment }) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  return (
    <article aria-label={t('shipmentLabel', { number: shipment.number })} className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Truck aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
            <DataText>{shipment.carrierName}</DataText>
          </p>
          <p className="text-sm break-all text-slate-700">
            {t('trackingNumber')}:{' '}
            {shipment.trackingUrl ? (
              <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 underline" dir="ltr">
                {shipment.trackingNumber}
                <ExternalLink aria-hidden="true" className="h-3 w-3" />
              </a>
            ) : <DataText className="font-medium">{shipment.trackingNumber}</DataText>}
          </p>
          <p className="text-xs text-slate-500"><DataText>{shipment.number}</DataText> · {f.date(shipment.createdAt)}</p>
        </div>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300">
          {t(`shipmentStatus_${shipment.status}`)}
        </span>
      </div>
      <h4 className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('shipmentItems')}</h4>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
        {shipment.items.map((item) => (
          <li key={item.orderItemId}>
            {f.number(item.quantity)} × <DataText>{item.name}</DataText>
            {item.variantLabel && <> · <DataText>{item.variantLabel}</DataText></>}
          </li>
        ))}
      </ul>
      <ol aria-label={t('shipmentEvents', { number: shipment.number })} className="mt-3 space-y-2 border-s-2 border-slate-200 ps-3">
        {shipment.events.length === 0 && <li className="text-sm text-slate-500">{t('noShipmentEvents')}</li>}
        {shipment.events.map((event) => (
          <li key={event.id} className="text-sm">
            <OrderEventText event={event} className="text-slate-800" />
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
              <time dateTime={event.timestamp}>{f.dateTime(event.timestamp)}</time>
              {event.location && (
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden="true" className="h-3 w-3" />
                  <DataText>{event.location}</DataText>
                </span>
              )}
            </p>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The order's parcels, oldest first; nothing before the first is shipped. */
export function OrderShipments({ shipments }: { shipments: OrderShipment[] }) {
  if (shipments.length === 0) return null;
  return (
    <div className="space-y-3">
      {shipments.map((shipment) => <ShipmentCard key={shipment.id} shipment={shipment} />)}
    </div>
  );
}
