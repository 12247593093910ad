import { useTranslation } from 'react-i18next';
import { useEffect, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleX, FileQuestion, LoaderCircle, RotateCcw, Smartphone, TriangleAlert } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';
import { ErrorState } from '../components/ui/error-state.tsx';
import { verifyPayment, type PaymentResult } from '#contracts/payment';
import { ApiError } from '../lib/api.ts';
import { methodLabel } from '../checkout/method-label.ts';
import { awaitingGateway, paymentResultQuery } from './payment.api.ts';
import { PaymentSuccessView } from './payment-success-view.tsx';

function Outcome({ icon, title, text, children }: { icon: ReactNode; title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-10 text-center">
      {icon}
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {text && <p className="mt-2 text-slate-600">{text}</p>}
      {children && <div className="mt-7 flex flex-col gap-3 sm:flex-row">{children}</div>}
    </div>
  );
}

const circle = (tone: string) => `flex h-16 w-16 items-center justify-center rounded-full ${tone}`;

function Verifying({ text }: { text: string }) {
  const { t } = useTranslation('payment');
  return (
    <div role="status" className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
      <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin text-brand-700 motion-reduce:animate-none" />
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{t('verifying')}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
    </div>
  );
}

/**
 * What the buyer waits for: a wallet's approval on the phone, the gateway's word on a payment made on its page, or
 * the shop asking a gateway that did not answer in time.
 */
function waitingTitle(payment: PaymentResult, t: TFunction<'payment'>, methods: TFunction<'checkout'>): string {
  const gateway = methodLabel(payment.paymentMethod, methods);
  if (payment.approveOnPhone) return payment.paymentMethod === 'easypaisa' ? t('waitingEasypaisa') : t('waitingJazzcash');
  if (payment.status === 'pending') return payment.paymentMethod === 'credit_card' ? t('confirmingCard') : t('confirmingGateway', { gateway });
  return payment.paymentMethod === 'credit_card' ? t('waitingCard') : t('waitingGateway', { gateway });
}

/** The order is placed and its payment waits; the page asks again by itself until the gateway settles it. */
function Waiting({ payment }: { payment: PaymentResult }) {
  const { t } = useTranslation('payment');
  const { t: methods } = useTranslation('checkout');
  const Icon = payment.approveOnPhone ? Smartphone : LoaderCircle;
  return (
    <div role="status" className="mx-auto flex max-w-lg flex-col items-center py-12 text-center">
      <span className={circle('bg-brand-50 text-brand-700')}>
        <Icon aria-hidden="true" className={cx('h-8 w-8', Icon === LoaderCircle && 'animate-spin motion-reduce:animate-none')} />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{waitingTitle(payment, t, methods)}</h1>
      <p className="mt-2 text-slate-600">{t('waitingText')}</p>
      <p className="mt-4 text-sm text-slate-600">
        {t('orderNumber')}: <span className="font-mono font-semibold text-slate-900">{payment.orderNumber}</span>
      </p>
      <Link to="/orders" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
        {t('viewOrders')}
      </Link>
    </div>
  );
}

function OrdersAndHomeLinks() {
  const { t } = useTranslation('payment');
  return (
    <>
      <Link to="/orders" className={buttonClasses({ size: 'lg' })}>
        {t('viewOrders')}
      </Link>
      <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
        {t('goHome')}
      </Link>
    </>
  );
}

/**
 * The payment's outcome as the server records it, in the buyer's language (never the gateway's English); the status
 * in the address never decides what is shown.
 */
function VerifiedOutcome({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation('payment');
  const result = useQuery(paymentResultQuery(transactionId));
  const queryClient = useQueryClient();
  const paid = result.data?.success === true;
  useEffect(() => {
    // The payment may have settled while the buyer waited here: the cart it emptied and the orders it placed change.
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }, [paid, queryClient]);

  if (result.isPending) return <Verifying text={t('verifyingText')} />;

  if (result.isError) {
    if (result.error instanceof ApiError && result.error.status === 404) {
      return (
        <Outcome
          icon={<span className={circle('bg-slate-100 text-slate-500')}><FileQuestion aria-hidden="true" className="h-8 w-8" /></span>}
          title={t('notFoundTitle')}
          text={t('notFoundText')}
        >
          <OrdersAndHomeLinks />
        </Outcome>
      );
    }
    return (
      <div className="mx-auto max-w-lg py-10">
        <ErrorState title={t('verifyFailed')} error={result.error} onRetry={() => result.refetch()} retrying={result.isFetching} />
      </div>
    );
  }

  const payment = result.data;
  if (payment.success) return <PaymentSuccessView result={payment} />;
  if (awaitingGateway(payment)) return <Waiting payment={payment} />;
  if (payment.status === 'refunded') {
    return (
      <Outcome
        icon={<span className={circle('bg-amber-100 text-amber-700')}><RotateCcw aria-hidden="true" className="h-8 w-8" /></span>}
        title={t('refundedTitle')}
        text={t('refundedText')}
      >
        <Link to="/orders" className={buttonClasses({ size: 'lg' })}>
          {t('viewOrders')}
        </Link>
      </Outcome>
    );
  }
  return (
    <Outcome
      icon={<span className={circle('bg-red-100 text-red-600')}><CircleX aria-hidden="true" className="h-9 w-9" /></span>}
      title={t('failedTitle')}
      text={t('failedText')}
    >
      <Link to="/checkout" className={buttonClasses({ size: 'lg' })}>
        {t('retryPayment')}
      </Link>
      <Link to="/cart" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
        {t('reviewCart')}
      </Link>
    </Outcome>
  );
}

export function PaymentResultPage() {
  // Loaded with the page, not when the verification arrives (which would blank it): the payment method's, the
  // invoice's, the payment terms' and the breakdown's words of a successful payment.
  const { t } = useTranslation(['payment', 'checkout', 'orders', 'orders-breakdown', 'organisations']);
  const [searchParams] = useSearchParams();
  const transactionId = searchParams.get('transaction_id')?.trim() ?? '';
  const status = searchParams.get('status')?.trim() ?? '';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      {status && verifyPayment.params.safeParse({ transaction_id: transactionId }).success ? (
        <VerifiedOutcome transactionId={transactionId} />
      ) : (
        <Outcome
          icon={<span className={circle('bg-amber-100 text-amber-700')}><TriangleAlert aria-hidden="true" className="h-8 w-8" /></span>}
          title={t('invalidTitle')}
          text={t('invalidText')}
        >
          <OrdersAndHomeLinks />
        </Outcome>
      )}
    </div>
  );
}
