import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { OrderType, ProcessPaymentBody } from '#contracts/payment';
import { acceptQuote, type Quote } from '#contracts/quotes';
import { errorSummary } from '../auth/field-errors.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { submitPayment } from '../checkout/checkout.api.ts';
import { PaymentWidget, type PaymentAttempt, type PaymentRequest } from '../checkout/payment-widget.tsx';
import { ShippingForm } from '../checkout/shipping-form.tsx';
import { useShippingForm, type ShippingValues } from '../checkout/shipping-values.ts';
import { useIdempotencyKey } from '../checkout/use-idempotency-key.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { apiFetch, isApiError } from '../lib/api.ts';
import { usePaymentMethods } from '../organisations/use-payment-methods.ts';

/**
 * Accepting a quote is paying for it, exactly as at checkout: the shipping details, then any payment method (Pay by
 * invoice for organisations on terms), for the quote's total.
 */
export function QuotePayment({ quote }: { quote: Quote & { totals: NonNullable<Quote['totals']> } }) {
  const { t } = useTranslation('quotes');
  const { t: c } = useTranslation('checkout');
  const f = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const methods = usePaymentMethods(user);
  const idempotency = useIdempotencyKey();
  const [orderType, setOrderType] = useState<OrderType>('hospital');
  const shippingForm = useShippingForm(user);
  // The shipping details as checked on Continue to Payment; payment opens with them.
  const [shipping, setShipping] = useState<ShippingValues | null>(null);
  const continueToPayment = shippingForm.handleSubmit(setShipping);

  const pay = async ({ paymentMethod, currency, amount, paymentData }: PaymentRequest, shippingAddress: ShippingValues): Promise<PaymentAttempt> => {
    const body = { paymentMethod, currency, amount, paymentData, orderDetails: { shippingAddress, orderType } } as ProcessPaymentBody;
    const outcome = await submitPayment(body, await idempotency.keyFor(body), (headers) =>
      apiFetch(acceptQuote, { params: { id: quote.id }, body, headers }));
    if (outcome.kind === 'unknown') {
      notify.error(c('paymentFailed'), c('paymentFailedText'));
      return 'retry';
    }
    idempotency.settle();
    await queryClient.invalidateQueries({ queryKey: ['quotes'] });
    if (outcome.kind === 'paid') {
      notify.success(t('quoteAccepted'), t('quoteAcceptedText'));
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate(`/payment/result?${new URLSearchParams({ transaction_id: outcome.payment.transactionId, status: 'success' })}`);
      return 'paid';
    }
    if (outcome.kind === 'amount-changed') {
      notify.warning(c('totalChanged'), c('totalChangedText', { total: f.money(outcome.amount, outcome.currency) }));
      return 'review';
    }
    notify.error(c('paymentFailed'), errorSummary(outcome.error, c('paymentFailedText')));
    return isApiError(outcome.error, acceptQuote, 'PAYMENT_IN_PROGRESS') ? 'retry' : 'failed';
  };

  return (
    <section aria-labelledby="pay-heading" className="space-y-4">
      <div>
        <h2 id="pay-heading" className="text-lg font-bold text-slate-900">{t('payHeading')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('payIntro')}</p>
      </div>
      {shipping === null ? (
        <form onSubmit={continueToPayment} noValidate className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <ShippingForm form={shippingForm} orderType={orderType} onOrderTypeChange={setOrderType} />
          <div className="mt-6 flex justify-end">
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              {c('continueToPayment')} <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <p className="min-w-0 text-slate-700">
              <span className="font-semibold text-slate-900">{c('shippingTo', { name: `${shipping.firstName} ${shipping.lastName}` })}</span>
              {' · '}
              {[shipping.address, `${shipping.city} ${shipping.postalCode}`].join(', ')}
            </p>
            <Button variant="ghost" size="sm" onClick={() => setShipping(null)}>{c('edit')}</Button>
          </div>
          <PaymentWidget cart={quote.totals} onPay={(request) => pay(request, shipping)} methods={methods} />
        </>
      )}
    </section>
  );
}
