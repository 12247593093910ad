import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PackageX, RotateCw, ShoppingCart, TriangleAlert } from 'lucide-react';
import type { Cart } from '#contracts/cart';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { itemStockMessage, stockIssueTitle } from '../cart/stock-issues.ts';
import { useErrorText } from '../lib/error-text.ts';

function ReviewCartLink() {
  const { t } = useTranslation('checkout');
  return (
    <Link to="/cart" className={buttonClasses()}>
      <ShoppingCart aria-hidden="true" className="h-4 w-4" /> {t('reviewCart')}
    </Link>
  );
}

function Panel({ tone, icon: Icon, title, children }: { tone: 'neutral' | 'danger'; icon: typeof PackageX; title: string; children: ReactNode }) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : undefined}
      className={tone === 'danger' ? 'rounded-xl border border-red-200 bg-red-50 p-6' : 'rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center'}
    >
      <Icon aria-hidden="true" className={tone === 'danger' ? 'h-7 w-7 text-red-600' : 'mx-auto h-10 w-10 text-slate-400'} />
      <h2 className="mt-3 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

export function EmptyCartPanel() {
  const { t } = useTranslation('checkout');
  return (
    <Panel tone="neutral" icon={PackageX} title={t('emptyTitle')}>
      <p className="mt-1 text-sm text-slate-600">{t('emptyText')}</p>
      <div className="mt-5">
        <ReviewCartLink />
      </div>
    </Panel>
  );
}

export function CartLoadErrorPanel({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('checkout');
  const errorText = useErrorText();
  return (
    <Panel tone="danger" icon={TriangleAlert} title={t('loadFailed')}>
      <p className="mt-1 text-sm text-slate-700">{errorText(error)}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} /> {t('tryAgain')}
        </Button>
        <ReviewCartLink />
      </div>
    </Panel>
  );
}

export function InventoryIssuePanel({ cart }: { cart: Cart }) {
  const { t } = useTranslation('cart');
  return (
    <Panel tone="danger" icon={TriangleAlert} title={stockIssueTitle(cart, t)}>
      <p className="mt-1 text-sm text-red-800">{t('checkoutBlocked')}</p>
      <ul className="mt-3 space-y-1 text-sm text-slate-800">
        {cart.items
          .filter((item) => item.stock_issue)
          .map((item) => (
            <li key={item.id}>
              <span className="font-semibold">{item.product_name}</span>: {itemStockMessage(item, t)}
            </li>
          ))}
      </ul>
      <div className="mt-5">
        <ReviewCartLink />
      </div>
    </Panel>
  );
}
