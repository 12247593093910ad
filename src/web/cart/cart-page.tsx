import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ClipboardList, LogIn, ShoppingCart } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useCart, useSetQuantityMutation } from './cart.api.ts';
import { usePunchout } from '../punchout/punchout.api.ts';
import { CartItemCard } from './cart-item-card.tsx';
import { FreeShippingBanner } from './free-shipping-banner.tsx';
import { FrequentlyBoughtTogether } from './frequently-bought-together.tsx';
import { LicenceCartNotice } from '../licences/licence-cart-notice.tsx';
import { OrderSummary } from './order-summary.tsx';
import { useErrorText } from '../lib/error-text.ts';

function Heading({ count }: { count?: number }) {
  const { t } = useTranslation('cart');
  return (
    <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
      {t('heading')}{' '}
      {count !== undefined && (
        <span className="ms-1 text-base font-medium text-slate-500 sm:text-lg">
          {t('itemCount', { count })}
        </span>
      )}
    </h1>
  );
}

/** For a signed-in buyer: the way to fill the cart from a list of catalogue numbers. */
function QuickOrderLink() {
  const { t } = useTranslation('quick-order');
  return (
    <Link to="/quick-order" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
      <ClipboardList aria-hidden="true" className="h-4 w-4" /> {t('cartLink')}
    </Link>
  );
}

function Notice({ icon: Icon, title, text, action }: { icon: typeof ShoppingCart; title: string; text: string; action: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="h-7 w-7" />
      </span>
      <p className="mt-4 text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

function CartSkeleton() {
  const { t } = useTranslation('cart');
  return (
    <div role="status" aria-label={t('loading')} className="mt-6 grid gap-8 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

export function CartPage() {
  // Loaded with the page, not when the cart arrives (which would blank it): the licence notes, the catalogue's words in
  // the suggestions and the quick order link.
  const { t } = useTranslation(['cart', 'licences', 'catalog', 'pricing', 'quick-order']);
  const errorText = useErrorText();
  const { signedIn, isLoading, query } = useCart();
  const punchout = usePunchout();
  const setQuantity = useSetQuantityMutation();
  const busyItem = setQuantity.isPending ? setQuantity.variables.itemId : null;

  const change = (itemId: number, quantity: number) =>
    setQuantity.mutate(
      { itemId, quantity },
      {
        onSuccess: () => notify.success(t('cartUpdated'), t('cartUpdatedText')),
        onError: (error) => notify.error(t('updateFailed'), errorText(error)),
      },
    );

  let body: ReactNode;
  if (isLoading) {
    body = <CartSkeleton />;
  } else if (!signedIn) {
    body = (
      <Notice
        icon={LogIn}
        title={t('signInTitle')}
        text={t('signInText')}
        action={
          <Link to="/login" state={{ from: { pathname: '/cart' } }} className={buttonClasses({ size: 'lg' })}>
            <LogIn aria-hidden="true" className="h-4 w-4" /> {t('signIn')}
          </Link>
        }
      />
    );
  } else if (query.isError) {
    body = (
      <div className="mt-8">
        <ErrorState title={t('loadFailed')} error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </div>
    );
  } else if (!query.data || query.data.items.length === 0) {
    body = (
      <Notice
        icon={ShoppingCart}
        title={t('emptyTitle')}
        text={t('emptyText')}
        action={
          <Link to="/products" className={buttonClasses({ size: 'lg' })}>
            {t('browseProducts')}
          </Link>
        }
      />
    );
  } else {
    const cart = query.data;
    body = (
      <div className="mt-6 grid items-start gap-x-8 gap-y-6 lg:grid-cols-3 lg:gap-y-0">
        <div className="min-w-0 lg:col-span-2">
          <FreeShippingBanner cart={cart} />
          <LicenceCartNotice cart={cart} />
          <ul className="mt-5 space-y-4" aria-label={t('itemsInCart')}>
            {cart.items.map((item) => (
              <li key={item.id}>
                <CartItemCard
                  item={item}
                  busy={busyItem === item.id}
                  onQuantityChange={(quantity) => change(item.id, quantity)}
                  onRemove={() => change(item.id, 0)}
                  readOnly={punchout?.operation === 'inspect'}
                />
              </li>
            ))}
          </ul>
        </div>
        <div className="lg:sticky lg:top-24 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <OrderSummary cart={cart} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <FrequentlyBoughtTogether items={cart.items} />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <Heading count={signedIn && query.data ? query.data.item_count : undefined} />
        {signedIn && <QuickOrderLink />}
      </div>
      {body}
    </div>
  );
}
