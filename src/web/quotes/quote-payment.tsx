import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { ArrowRight } from 'lucide-react';
import type { OrderType, ProcessPaymentBody } from '#contracts/payment';
import { acceptQuote, type Quote } from '#contracts/quotes';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { PaymentWidget, type PaymentAttempt, type PaymentRequest } from '../checkout/payment-widget.tsx';
import { ShippingForm } from '../checkout/shipping-form.tsx';
import { useDecidedPayment } from '../checkout/use-decided-payment.ts';
import { useShippingForm, type ShippingValues } from '../checkout/shipping-values.ts';
import { Button } from '../components/ui/button.tsx';
import { apiFetch, isApiError } from '../lib/api.ts';
import { usePaymentMethods } from '../organisations/use-payment-methods.ts';

/**
 * Accepting a quote is paying for it, exactly as at checkout: the shipping details, then any payment method (Pay by
 * invoice for organisations on terms), for the quote's total.
 */
export function QuotePayment({ quote }: { quote: Quote & { totals: NonNullable<Quote['totals']> } }) {
  const { t } = useTranslation('quotes');
  const { t: c } = useTranslation('checkout');
  const { user } = useCurrentUser();
  const methods = usePaymentMethods(user);
  const payDecided = useDecidedPayment();
  const [orderType, setOrderType] = useState<OrderType>('hospital');
  const shippingForm = useShippingForm(user);
  // The shipping details as checked on Continue to Payment; payment opens with them.
  const [shipping, setShipping] = useState<ShippingValues | null>(null);
  const continueToPayment = shippingForm.handleSubmit(setShipping);

  const pay = (request: PaymentRequest, shippingAddress: ShippingValues): Promise<PaymentAttempt> => {
    const body = { ...request, orderDetails: { shippingAddress, orderType } } as ProcessPaymentBody;
    return payDecided(body, {
      send: (headers) => apiFetch(acceptQuote, { params: { id: quote.id }, body, headers }),
      invalidate: ['quotes'],
      paid: { title: t('quoteAccepted'), text: t('quoteAcceptedText') },
      inProgress: (error) => isApiError(error, acceptQuote, 'PAYMENT_IN_PROGRESS'),
    });
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
