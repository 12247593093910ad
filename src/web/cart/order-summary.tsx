import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import type { Cart } from '#contracts/cart';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { CartTotals } from './cart-totals.tsx';
import { PromoCodeBox } from './promo-code-box.tsx';
import { StockIssueWarning } from './stock-issue-warning.tsx';
import { usePunchout } from '../punchout/punchout.api.ts';
import { TransferCartButton } from '../punchout/transfer-cart-button.tsx';

export function OrderSummary({ cart }: { cart: Cart }) {
  const { t } = useTranslation('cart');
  const { t: licence } = useTranslation('licences');
  // Stock issues and lines needing a licence both hold checkout back until they are resolved.
  const held = cart.has_stock_issues || cart.has_licence_issues;
  // A punchout's cart goes back to the procurement system, which sends the order: no checkout here.
  const punchout = usePunchout();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{t('orderSummary')}</h2>
      <div className="mt-4">
        <PromoCodeBox promo={cart.promo} />
      </div>
      <div className="mt-5 border-t border-slate-200 pt-5">
        <CartTotals cart={cart} />
      </div>
      {cart.has_stock_issues && (
        <div className="mt-5">
          <StockIssueWarning cart={cart} />
        </div>
      )}
      {cart.has_licence_issues && <p className="mt-5 text-sm font-medium text-amber-900">{licence('checkoutHeld')}</p>}
      <div className="mt-5 space-y-3">
        {punchout ? <TransferCartButton className="w-full" /> : held ? (
          <Button size="lg" className="w-full" disabled>
            <Lock aria-hidden="true" className="h-4 w-4" /> {t('proceedToCheckout')}
          </Button>
        ) : (
          <Link to="/checkout" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            <Lock aria-hidden="true" className="h-4 w-4" /> {t('proceedToCheckout')}
          </Link>
        )}
        <Link to="/products" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('continueShopping')}
        </Link>
      </div>
    </Card>
  );
}
