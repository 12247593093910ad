import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#contracts/orders';
import { CARRIERS, type Carrier } from '#contracts/shipping';
import type { ShipmentBody } from '#contracts/shipments';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useErrorText } from '../lib/error-text.ts';
import type { FulfilmentHandler } from './staff-order-row.tsx';

const inputClasses = 'h-9 min-w-0 rounded-lg border border-slate-300 px-3 text-sm';

/** What the form needs of an order: its lines, shipments and the country it goes to. */
export type ShippableOrder = Pick<Order, 'id' | 'orderNumber' | 'items' | 'shipments'> & { shippingAddress: Pick<Order['shippingAddress'], 'country'> };

/** What is left to ship of each line: its quantity less what the order's shipments (not cancelled) carry. */
export function unitsLeft(order: ShippableOrder): Map<number, number> {
  const left = new Map(order.items.map((item) => [item.id, item.quantity]));
  for (const shipment of order.shipments.filter((candidate) => candidate.status !== 'cancelled')) {
    for (const item of shipment.items) left.set(item.orderItemId, (left.get(item.orderItemId) ?? 0) - item.quantity);
  }
  return left;
}

/**
 * The order's lines still to ship, each with a checkbox and a quantity (all that is left, to begin with), the carrier
 * (a carrier named by hand needs its name and tracking number), its service and the parcel's weight.
 */
export function ShipForm({ order, busy, onAction }: { order: ShippableOrder; busy: boolean; onAction: FulfilmentHandler }) {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const left = unitsLeft(order);
  const lines = order.items.filter((item) => (left.get(item.id) ?? 0) > 0);
  const [chosen, setChosen] = useState<Record<number, number | null>>(() => Object.fromEntries(lines.map((item) => [item.id, left.get(item.id)!])));
  const [carrier, setCarrier] = useState<Carrier>('tcs');
  const [fields, setFields] = useState({ service: '', weight: '', carrierName: '', trackingNumber: '', trackingUrl: '', incoterm: 'DAP' });
  const [problem, setProblem] = useState<string | null>(null);
  const exporting = order.shippingAddress.country !== 'PK';
  const set = (name: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const items = lines.flatMap((item) => {
      const quantity = chosen[item.id];
      return quantity ? [{ order_item_id: item.id, quantity }] : [];
    });
    if (items.length === 0) {
      setProblem(t('chooseLines'));
      return;
    }
    setProblem(null);
    const body: ShipmentBody = {
      items, carrier,
      ...(fields.service ? { service: fields.service } : {}),
      ...(fields.weight ? { parcels: [{ weight_grams: Number(fields.weight) }] } : {}),
      ...(exporting ? { incoterm: fields.incoterm as 'DAP' | 'DDP' } : {}),
      ...(carrier === 'other' ? { carrier_name: fields.carrierName, tracking_number: fields.trackingNumber, tracking_url: fields.trackingUrl } : {}),
    };
    onAction({ kind: 'ship', id: order.id, body }, (error) => setProblem(errorText(error)));
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('shipTitle', { number: order.orderNumber })}
      className="w-full space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 className="text-sm font-semibold text-slate-900">{t('shipTitle', { number: order.orderNumber })}</h3>
      <ul className="space-y-2">
        {lines.map((item) => {
          const max = left.get(item.id)!;
          const quantity = chosen[item.id];
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4" checked={quantity !== null} aria-label={t('shipLine', { name: item.name })}
                onChange={(event) => setChosen((current) => ({ ...current, [item.id]: event.target.checked ? max : null }))} />
              <span className="min-w-0 flex-1">
                <DataText className="font-medium text-slate-900">{item.name}</DataText>
                {item.variantLabel && <DataText className="text-slate-600"> · {item.variantLabel}</DataText>}
                <span className="block text-xs text-slate-500">{t('leftToShip', { count: max })}</span>
              </span>
              <input type="number" min={1} max={max} inputMode="numeric" className={`${inputClasses} w-20`} disabled={quantity === null}
                aria-label={t('shipQuantity', { name: item.name })} value={quantity ?? ''}
                onChange={(event) => setChosen((current) => ({ ...current, [item.id]: Math.max(1, Math.min(max, Number(event.target.value) || 1)) }))} />
            </li>
          );
        })}
      </ul>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          {t('carrier')}
          <select className={inputClasses} value={carrier} onChange={(event) => setCarrier(event.target.value as Carrier)}>
            {CARRIERS.map((id) => <option key={id} value={id}>{t(`carrier_${id}`)}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          {t('service')}
          <input className={inputClasses} value={fields.service} onChange={set('service')} placeholder={t('serviceHint')} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          {t('parcelWeight')}
          <input type="number" min={1} inputMode="numeric" className={inputClasses} value={fields.weight} onChange={set('weight')} placeholder={t('parcelWeightHint')} />
        </label>
        {exporting && (
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
            {t('incoterm')}
            <select className={inputClasses} value={fields.incoterm} onChange={set('incoterm')}>
              <option value="DAP">DAP</option>
              <option value="DDP">DDP</option>
            </select>
          </label>
        )}
        {carrier === 'other' && (
          <>
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
              {t('carrierName')}
              <input className={inputClasses} value={fields.carrierName} onChange={set('carrierName')} />
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
              {t('trackingNumber')}
              <input className={inputClasses} value={fields.trackingNumber} onChange={set('trackingNumber')} dir="ltr" />
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 sm:col-span-3">
              {t('trackingUrl')}
              <input type="url" className={inputClasses} value={fields.trackingUrl} onChange={set('trackingUrl')} dir="ltr" />
            </label>
          </>
        )}
      </div>
      {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
      <Button type="submit" size="sm" disabled={busy}>{t('ship')}</Button>
    </form>
  );
}
