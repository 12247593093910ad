import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { ArrowRight } from 'lucide-react';
import type { OrderType } from '#contracts/payment';
import { acceptQuote, type AcceptQuantities, type AcceptQuoteBody, type Quote, type QuoteTotals } from '#contracts/quotes';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { OrganisationFields } from '../checkout/organisation-fields.tsx';
import { PaymentWidget, type PaymentAttempt, type PaymentRequest } from '../checkout/payment-widget.tsx';
import { ShippingForm } from '../checkout/shipping-form.tsx';
import { useDecidedPayment } from '../checkout/use-decided-payment.ts';
import { useShippingStep } from '../checkout/use-shipping-step.ts';
import type { ShippingValues } from '../checkout/shipping-values.ts';
import { Button } from '../components/ui/button.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { apiFetch, isApiError } from '../lib/api.ts';
import { usePaymentMethods } from '../organisations/use-payment-methods.ts';

/**
 * Accepting a quote is paying for it, exactly as at checkout: the shipping details (with the department and
 * purchase-order number of a member of an organisation), then any payment method (Pay by invoice for organisations
 * on terms), for `totals`: the quote's, or what is in stock of it with `quantities` 'available'.
 */
export function QuotePayment({ quote, totals, quantities }: { quote: Quote; totals: QuoteTotals; quantities: AcceptQuantities }) {
  const { t } = useTranslation('quotes');
  const { t: c } = useTranslation('checkout');
  const f = useFormat();
  const { user } = useCurrentUser();
  const methods = usePaymentMethods(user);
  const payDecided = useDecidedPayment();
  const [orderType, setOrderType] = useState<OrderType>('hospital');
  const { shippingForm, organisation, shipping, continueToPayment, edit, refused } = useShippingStep(user);

  const pay = (request: PaymentRequest, shippingAddress: ShippingValues): Promise<PaymentAttempt> => {
    const body = { ...request, quantities, orderDetails: { shippingAddress, orderType, ...organisation.details } } as AcceptQuoteBody;
    return payDecided(body, {
      send: (headers) => apiFetch(acceptQuote, { params: { id: quote.id }, body, headers }),
      invalidate: ['quotes'],
      paid: { title: t('quoteAccepted'), text: t('quoteAcceptedText') },
      inProgress: (error) => isApiError(error, acceptQuote, 'PAYMENT_IN_PROGRESS'),
      invalid: refused,
    });
  };

  return (
    <section aria-labelledby="pay-heading" className="space-y-4">
      <div>
        <h2 id="pay-heading" className="text-lg font-bold text-slate-900">{t('payHeading')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {quantities === 'available' ? t('payIntroAvailable', { total: f.money(totals.grand_total, 'USD') }) : t('payIntro')}
        </p>
      </div>
      {shipping === null ? (
        <form onSubmit={continueToPayment()} noValidate className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <OrganisationFields fields={organisation} />
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
            <Button variant="ghost" size="sm" onClick={edit}>{c('edit')}</Button>
          </div>
          <PaymentWidget cart={totals} onPay={(request) => pay(request, shipping)} methods={methods} />
        </>
      )}
    </section>
  );
}
