import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleX, FileQuestion, LoaderCircle, RotateCcw, TriangleAlert } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { verifyPayment } from '#contracts/payment';
import { ApiError } from '../lib/api.ts';
import { paymentResultQuery } from './payment.api.ts';
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
  return (
    <div role="status" className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
      <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin text-brand-700 motion-reduce:animate-none" />
      <h1 className="mt-5 text-2xl font-bold text-slate-900">Verifying your payment…</h1>
      <p className="mt-2 text-slate-600">{text}</p>
    </div>
  );
}

function OrdersAndHomeLinks() {
  return (
    <>
      <Link to="/orders" className={buttonClasses({ size: 'lg' })}>
        View Orders
      </Link>
      <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
        Go Home
      </Link>
    </>
  );
}

/** The payment's outcome as the server records it; the status in the address never decides what is shown. */
function VerifiedOutcome({ transactionId }: { transactionId: string }) {
  const result = useQuery(paymentResultQuery(transactionId));

  if (result.isPending) return <Verifying text="Please wait while we confirm your payment with the server." />;

  if (result.isError) {
    if (result.error instanceof ApiError && result.error.status === 404) {
      return (
        <Outcome
          icon={<span className={circle('bg-slate-100 text-slate-500')}><FileQuestion aria-hidden="true" className="h-8 w-8" /></span>}
          title="Payment Result Not Found"
          text="We could not find this payment on your account. Your orders list shows every order you have placed."
        >
          <OrdersAndHomeLinks />
        </Outcome>
      );
    }
    return (
      <div className="mx-auto max-w-lg py-10">
        <ErrorState title="Unable to verify payment status" error={result.error} onRetry={() => result.refetch()} retrying={result.isFetching} />
      </div>
    );
  }

  const payment = result.data;
  if (payment.success && payment.status === 'succeeded') return <PaymentSuccessView result={payment} />;
  if (payment.status === 'pending') return <Verifying text={payment.message} />;
  if (payment.status === 'refunded') {
    return (
      <Outcome
        icon={<span className={circle('bg-amber-100 text-amber-700')}><RotateCcw aria-hidden="true" className="h-8 w-8" /></span>}
        title="Payment Refunded"
        text={payment.message}
      >
        <Link to="/orders" className={buttonClasses({ size: 'lg' })}>
          View Orders
        </Link>
      </Outcome>
    );
  }
  return (
    <Outcome
      icon={<span className={circle('bg-red-100 text-red-600')}><CircleX aria-hidden="true" className="h-9 w-9" /></span>}
      title="Payment Failed"
      text={payment.message || 'Payment failed'}
    >
      <Link to="/checkout" className={buttonClasses({ size: 'lg' })}>
        Retry Payment
      </Link>
      <Link to="/cart" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
        Review Cart
      </Link>
    </Outcome>
  );
}

export function PaymentResultPage() {
  const [searchParams] = useSearchParams();
  const transactionId = searchParams.get('transaction_id')?.trim() ?? '';
  const status = searchParams.get('status')?.trim() ?? '';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <title>Payment result — Sialkot Surgical</title>
      {status && verifyPayment.params.safeParse({ transaction_id: transactionId }).success ? (
        <VerifiedOutcome transactionId={transactionId} />
      ) : (
        <Outcome
          icon={<span className={circle('bg-amber-100 text-amber-700')}><TriangleAlert aria-hidden="true" className="h-8 w-8" /></span>}
          title="Invalid payment result parameters"
          text="This page needs a transaction id and a status. Your orders list shows every payment you have made."
        >
          <OrdersAndHomeLinks />
        </Outcome>
      )}
    </div>
  );
}
