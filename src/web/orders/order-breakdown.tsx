import { useTranslation } from 'react-i18next';
import type { OrderCharges, PaymentMethod } from '#contracts/payment';
import type { OrderItem } from '#contracts/orders';
import { useFormat } from '../i18n/use-format.ts';
import { cx } from '../lib/class-names.ts';

interface Line {
  key: string;
  label: string;
  value: string;
  tone?: 'saving' | 'strong';
}

/**
 * An order's money and how it is paid (the fee is the card's or the courier's for cash on delivery), with the part
 * store credit paid where the answer tells it (an order does; a payment result does not).
 */
type Charges = OrderCharges & { paymentMethod: PaymentMethod | null; storeCredit?: string };

/** Every line of an order's money as recorded (US dollars), then what was charged in the payment's currency. */
function useLines(charges: Charges): Line[] {
  const { t } = useTranslation('orders-breakdown');
  const f = useFormat();
  const { breakdown } = charges;
  const usd = (amount: string) => f.money(amount, 'USD');
  return [
    { key: 'subtotal', label: t('subtotal'), value: usd(breakdown.subtotal) },
    ...(Number(breakdown.discount) > 0 ? [{
      key: 'discount', label: charges.promoCode ? t('discountWithCode', { code: charges.promoCode }) : t('discount'),
      // Intl writes the minus with the marks that keep it before the amount in right-to-left pages too.
      value: usd(`-${breakdown.discount}`), tone: 'saving' as const,
    }] : []),
    { key: 'shipping', label: t('shipping'), value: Number(breakdown.shipping) === 0 ? t('free') : usd(breakdown.shipping) },
    { key: 'tax', label: t('tax'), value: usd(breakdown.tax) },
    ...(Number(breakdown.fee) > 0 ? [{
      key: 'fee', label: charges.paymentMethod === 'cash_on_delivery' ? t('codFee') : t('cardFee'), value: usd(breakdown.fee),
    }] : []),
    { key: 'total', label: t('total'), value: usd(breakdown.total), tone: 'strong' as const },
    ...(Number(charges.storeCredit ?? 0) > 0
      ? [{ key: 'storeCredit', label: t('storeCredit'), value: usd(`-${charges.storeCredit}`), tone: 'saving' as const }] : []),
    { key: 'charged', label: t('amountCharged', { currency: charges.currency }), value: f.money(charges.amountCharged, charges.currency), tone: 'strong' as const },
  ];
}

function RateNote({ charges, className }: { charges: OrderCharges; className?: string }) {
  const { t } = useTranslation('orders-breakdown');
  const f = useFormat();
  if (!charges.exchangeRate) return null;
  return <p className={className}>{t('atRate', { rate: f.number(charges.exchangeRate, { minimumFractionDigits: 2 }), currency: charges.currency })}</p>;
}

/** The full breakdown, one line a row: the payment result and order details. */
export function OrderBreakdown({ charges }: { charges: Charges }) {
  const { t } = useTranslation('orders-breakdown');
  return (
    <div>
      <dl aria-label={t('heading')} className="space-y-2 text-sm">
        {useLines(charges).map((line) => (
          <div key={line.key} className={cx('flex justify-between gap-4', line.key === 'total' && 'border-t border-slate-200 pt-2')}>
            <dt className={line.tone === 'strong' ? 'font-semibold text-slate-900' : 'text-slate-600'}>{line.label}</dt>
            <dd className={cx('shrink-0 font-semibold', line.tone === 'saving' ? 'text-emerald-700' : 'text-slate-900')}>{line.value}</dd>
          </div>
        ))}
      </dl>
      <RateNote charges={charges} className="mt-1 text-end text-xs text-slate-500" />
    </div>
  );
}

/** The same lines side by side in small print: an order card. */
export function OrderBreakdownSummary({ charges }: { charges: Charges }) {
  const { t } = useTranslation('orders-breakdown');
  return (
    <div className="text-xs text-slate-600">
      <dl aria-label={t('heading')} className="flex flex-wrap gap-x-4 gap-y-1">
        {useLines(charges).map((line) => (
          <div key={line.key} className="flex gap-1">
            <dt>{line.label}</dt>
            <dd className={cx('font-semibold', line.tone === 'saving' ? 'text-emerald-700' : 'text-slate-900')}>{line.value}</dd>
          </div>
        ))}
      </dl>
      <RateNote charges={charges} className="mt-1" />
    </div>
  );
}

type LineCharged = Pick<OrderItem, 'quantity' | 'price' | 'saleQuantity' | 'salePrice' | 'lineTotal'>;

/**
 * An order line in the US dollars it was sold at: '2 × $42.99 each', or, a flash sale having priced only some of its
 * units, '10: 9 at $29.99, the rest at $44.64'; and its total as charged, '$85.98'.
 */
export function useLinePrice() {
  const { t } = useTranslation('orders-breakdown');
  const f = useFormat();
  const usd = (amount: number) => f.money(amount, 'USD');
  return {
    each: (line: LineCharged) => (line.salePrice !== null && line.saleQuantity > 0 && line.saleQuantity < line.quantity
      ? t('quantitySplit', { quantity: f.number(line.quantity), saleQuantity: f.number(line.saleQuantity), salePrice: usd(line.salePrice), price: usd(line.price) })
      : t('quantityEach', { quantity: f.number(line.quantity), price: usd(line.price) })),
    total: (line: LineCharged) => usd(line.lineTotal),
  };
}
