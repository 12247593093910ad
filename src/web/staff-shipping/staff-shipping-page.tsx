import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, TriangleAlert } from 'lucide-react';
import type { StaffShippingMethod, StaffShippingZone } from '#contracts/staff-shipping';
import { staffAccess } from '#contracts/staff-roles';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';
import { StaffEditorPage, StaffRecordList } from '../staff/staff-editor-page.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { MethodForm } from './method-form.tsx';
import { usePlaceNames } from './place-names.ts';
import { staffShippingZonesQuery, useDeleteMethod, useDeleteZone } from './staff-shipping.api.ts';
import { ZoneForm } from './zone-form.tsx';

/** What staff are doing in a dialog, if anything. */
type Dialog =
  | { kind: 'zone'; zone: StaffShippingZone | null }
  | { kind: 'method'; zone: StaffShippingZone; method: StaffShippingMethod | null }
  | { kind: 'deleteZone'; zone: StaffShippingZone }
  | { kind: 'deleteMethod'; method: StaffShippingMethod };

function MethodRow({ method, onEdit, onDelete }: { method: StaffShippingMethod; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('staff-shipping');
  const f = useFormat();
  const places = usePlaceNames();
  const usd = (amount: string) => f.money(amount, 'USD');
  const codText = ({ cod_allowed: allowed, cod_limit: limit, cod_fee: fee }: StaffShippingMethod) => {
    if (!allowed) return t('noCod');
    const free = Number(fee) === 0;
    if (limit === null) return free ? t('cod') : t('codNoLimit', { fee: usd(fee) });
    return free ? t('codUpToNoFee', { limit: usd(limit) }) : t('codUpTo', { limit: usd(limit), fee: usd(fee) });
  };
  const bands = method.weight_bands.map((band) => t('band', { grams: f.number(band.up_to_grams), price: usd(band.price) }));
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start" data-testid="shipping-method">
      <div className="min-w-0 flex-1 space-y-1 text-sm text-slate-700">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="font-semibold text-slate-900">{method.name}</h4>
          <Badge tone={method.active ? 'success' : 'neutral'}>{method.active ? t('activeBadge') : t('inactiveBadge')}</Badge>
        </div>
        <p>
          {t('carrierName', { context: method.carrier })}
          {method.service_code && <> · <span dir="ltr" className="font-mono text-xs">{method.service_code}</span></>}
          {' · '}{t('days', { min: f.number(method.days_min), max: f.number(method.days_max) })}
        </p>
        {method.flat_price !== null && <p>{t('flat', { price: usd(method.flat_price) })}</p>}
        {bands.length > 0 && <p className="break-words">{t('byWeight')} {places.list(bands)}</p>}
        {method.free_over !== null && <p>{t('freeFrom', { amount: usd(method.free_over) })}</p>}
        <p>{codText(method)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('editMethod', { name: method.name })}>
          <Pencil aria-hidden="true" className="me-1 h-4 w-4" />{t('edit')}
        </Button>
        <Button size="sm" variant="secondary" className="text-red-700" onClick={onDelete} aria-label={t('deleteMethod', { name: method.name })}>
          <Trash2 aria-hidden="true" className="me-1 h-4 w-4" />{t('delete')}
        </Button>
      </div>
    </div>
  );
}

function ZoneCard({ zone, open }: { zone: StaffShippingZone; open: (dialog: Dialog) => void }) {
  const { t } = useTranslation('staff-shipping');
  const f = useFormat();
  const places = usePlaceNames();
  return (
    <Card className="space-y-3 p-4" data-testid="shipping-zone">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 space-y-1 text-sm text-slate-700">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-bold text-slate-900">{zone.name}</h3>
            {zone.rest_of_world && <Badge tone="brand">{t('restOfWorldBadge')}</Badge>}
          </div>
          {zone.rest_of_world ? <p>{t('everywhereElse')}</p> : (
            <p className="break-words">{places.list(zone.countries.map((code) => places.country(code) ?? code))}</p>
          )}
          {zone.provinces.length > 0 && <p>{t('provincesList', { names: places.list(zone.provinces.map(places.province)) })}</p>}
          {zone.cities.length > 0 && <p className="break-words">{t('citiesList', { names: places.list(zone.cities) })}</p>}
          <p>{zone.tax_rate === null ? t('shopTax') : t('tax', { rate: f.percent(zone.tax_rate) })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => open({ kind: 'zone', zone })} aria-label={t('editZone', { name: zone.name })}>
            <Pencil aria-hidden="true" className="me-1 h-4 w-4" />{t('edit')}
          </Button>
          <Button size="sm" variant="secondary" className="text-red-700" onClick={() => open({ kind: 'deleteZone', zone })}
            aria-label={t('deleteZone', { name: zone.name })}>
            <Trash2 aria-hidden="true" className="me-1 h-4 w-4" />{t('delete')}
          </Button>
        </div>
      </div>
      {zone.methods.length === 0 ? <p className="text-sm text-slate-600">{t('noMethods')}</p> : (
        <ul className="space-y-2" aria-label={t('methodsOf', { zone: zone.name })}>
          {zone.methods.map((method) => (
            <li key={method.id}>
              <MethodRow method={method} onEdit={() => open({ kind: 'method', zone, method })}
                onDelete={() => open({ kind: 'deleteMethod', method })} />
            </li>
          ))}
        </ul>
      )}
      <Button size="sm" variant="secondary" onClick={() => open({ kind: 'method', zone, method: null })}
        aria-label={t('newMethod', { zone: zone.name })}>
        <Plus aria-hidden="true" className="me-1 h-4 w-4" />{t('addMethod')}
      </Button>
    </Card>
  );
}

/** Asks before a zone (with its methods) or a method goes. */
function ConfirmDeletion({ dialog, onClose }: { dialog: Extract<Dialog, { kind: 'deleteZone' | 'deleteMethod' }>; onClose: () => void }) {
  const { t } = useTranslation('staff-shipping');
  const errorText = useErrorText();
  const removeZone = useDeleteZone();
  const removeMethod = useDeleteMethod();
  const zone = dialog.kind === 'deleteZone';
  const name = zone ? dialog.zone.name : dialog.method.name;
  const pending = removeZone.isPending || removeMethod.isPending;
  const handlers = {
    onSuccess: () => {
      notify.success(zone ? t('zoneDeleted') : t('methodDeleted'), name);
      onClose();
    },
    onError: (error: Error) => notify.error(t('deleteFailed'), errorText(error)),
  };
  const confirm = () => (zone ? removeZone.mutate(dialog.zone.id, handlers) : removeMethod.mutate(dialog.method.id, handlers));
  return (
    <Modal open alert icon={TriangleAlert} title={zone ? t('deleteZone', { name }) : t('deleteMethod', { name })}
      description={zone ? t('deleteZoneText') : t('deleteMethodText')} onOpenChange={(open) => !open && onClose()}>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>{t('keep')}</Button>
        <Button className="bg-red-700 hover:bg-red-800" disabled={pending} onClick={confirm}>{pending ? t('deleting') : t('delete')}</Button>
      </div>
    </Modal>
  );
}

function ShippingManagement() {
  const { t } = useTranslation('staff-shipping');
  const list = useQuery(staffShippingZonesQuery());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <StaffEditorPage title={t('pageTitle')} heading={t('heading')} intro={t('intro')}>
      <div>
        <Button onClick={() => setDialog({ kind: 'zone', zone: null })}>
          <Plus aria-hidden="true" className="me-1 h-4 w-4" />{t('addZone')}
        </Button>
      </div>
      <StaffRecordList id="shipping-zones-heading" heading={t('zones')} query={list} items={list.data?.zones}
        texts={{ loadFailed: t('loadFailed'), none: t('none') }}
        renderItem={(zone) => <ZoneCard zone={zone} open={setDialog} />} />
      {dialog?.kind === 'zone' && <ZoneForm editing={dialog.zone} onClose={close} />}
      {dialog?.kind === 'method' && <MethodForm zone={dialog.zone} editing={dialog.method} onClose={close} />}
      {(dialog?.kind === 'deleteZone' || dialog?.kind === 'deleteMethod') && <ConfirmDeletion dialog={dialog} onClose={close} />}
    </StaffEditorPage>
  );
}

/** /staff/shipping (inside the sign-in guard): catalogue staff and the owner; everyone else is sent home. */
export function StaffShippingPage() {
  const { t } = useTranslation('staff-shipping');
  return <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}><ShippingManagement /></StaffOnly>;
}
