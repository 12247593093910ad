import { useTranslation } from 'react-i18next';
import type { Cart } from '#contracts/cart';
import { TriangleAlert } from 'lucide-react';
import { stockIssueTitle } from './stock-issues.ts';

export function StockIssueWarning({ cart }: { cart: Pick<Cart, 'items'> }) {
  const { t } = useTranslation('cart');
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-600" />
      <div>
        <p className="text-sm font-semibold text-red-900">{stockIssueTitle(cart, t)}</p>
        <p className="mt-0.5 text-sm text-red-800">{t('checkoutBlocked')}</p>
      </div>
    </div>
  );
}
