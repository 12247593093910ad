import type { Cart } from '#contracts/cart';
import { Card } from '../components/ui/card.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { CartTotals } from '../cart/cart-totals.tsx';
import { formatMoney } from '../cart/format-money.ts';

export function CheckoutSummary({ cart }: { cart: Cart }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">Order Summary</h2>
      <ul className="mt-4 divide-y divide-slate-100" aria-label="Items in this order">
        {cart.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3 first:pt-0">
            <span className="relative h-14 w-14 shrink-0 rounded-lg bg-slate-50">
              <ProductImage src={item.product_image} alt="" className="h-full w-full p-1" />
              <span className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-slate-700 px-1 text-[11px] font-bold text-white">
                <span className="sr-only">Quantity </span>
                {item.quantity}
              </span>
            </span>
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-semibold text-slate-900">{item.product_name}</p>
              <p className="text-xs text-slate-500">
                {item.quantity} × {formatMoney(item.unit_price)}
              </p>
            </div>
            <p className="text-sm font-semibold text-slate-900">{formatMoney(item.total_price)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-4">
        <CartTotals cart={cart} />
      </div>
    </Card>
  );
}
