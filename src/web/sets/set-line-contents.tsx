import { useTranslation } from 'react-i18next';
import type { OrderItem } from '#contracts/orders';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';

/** Under an order's set line: what each set held, and the lots (with expiry and UDI) its components shipped from. */
export function SetLineContents({ components }: { components: NonNullable<OrderItem['set_components']> }) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  return (
    <div data-testid="set-line-contents" className="mt-1.5 rounded-lg bg-slate-50 px-2.5 py-2 text-xs text-slate-700">
      <p className="font-medium text-slate-900">{t('setHolds')}</p>
      <ul className="mt-1 space-y-1">
        {components.map((component) => (
          <li key={component.variant_id}>
            <span className="font-mono tabular-nums">{f.number(component.quantity)}×</span>{' '}
            <DataText>{component.name}</DataText>
            {component.variant_label && <> — <DataText>{component.variant_label}</DataText></>}
            {component.lots.map((lot, i) => (
              <span key={i} data-testid="set-component-lot" className="ms-2 block text-slate-600">
                {lot.lot_number ? t('setLot', { lot: lot.lot_number }) : t('setNoLot')}
                {lot.expiry_date && <> · {t('setExpiry', { date: f.date(lot.expiry_date) })}</>}
                {lot.udis.map((udi) => <bdi key={udi} dir="ltr" className="ms-1 break-all font-mono">{udi}</bdi>)}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
