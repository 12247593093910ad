import type { Cart } from '#contracts/cart';
import { formatMoney } from './format-money.ts';

type Totals = Pick<
  Cart,
  'item_count' | 'subtotal' | 'discount_amount' | 'tax_rate' | 'tax_amount' | 'shipping_amount' | 'grand_total' | 'grand_total_pkr' | 'exchange_rate' | 'promo'
>;

function Row({ label, value, tone }: { label: string; value: string; tone?: 'discount' | 'free' }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className={tone === 'discount' ? 'font-semibold text-emerald-700' : tone === 'free' ? 'font-bold text-emerald-700' : 'font-semibold text-slate-900'}>
        {value}
      </dd>
    </div>
  );
}

const rate = (taxRate: string) => `${Number(taxRate).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** The server's figures, in dollars, with what the total comes to in rupees. */
export function CartTotals({ cart }: { cart: Totals }) {
  const discount = Number(cart.discount_amount);
  const shipping = Number(cart.shipping_amount);
  return (
    <div>
      <dl className="space-y-2.5 text-sm">
        <Row label={`Subtotal (${cart.item_count} ${cart.item_count === 1 ? 'item' : 'items'})`} value={formatMoney(cart.subtotal)} />
        {discount > 0 && <Row label={`Discount${cart.promo ? ` (${cart.promo.code})` : ''}`} value={`−${formatMoney(discount)}`} tone="discount" />}
        <Row label="Shipping" value={shipping === 0 ? 'FREE' : formatMoney(shipping)} tone={shipping === 0 ? 'free' : undefined} />
        <Row label={`Tax (${rate(cart.tax_rate)})`} value={formatMoney(cart.tax_amount)} />
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base">
          <dt className="font-bold text-slate-900">Total</dt>
          <dd className="font-bold text-slate-900">{formatMoney(cart.grand_total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-right text-xs text-slate-500">
        ≈ {formatMoney(cart.grand_total_pkr, 'PKR')} at {Number(cart.exchange_rate).toLocaleString('en-US', { minimumFractionDigits: 2 })} PKR per USD
      </p>
    </div>
  );
}
