import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { OrderType } from '#contracts/payment';
import { acceptQuote, type AcceptQuantities, type AcceptQuoteBody, type Quote, type QuoteTotals } from '#contracts/quotes';
import { useCurrentUser } from '../auth/use-current-user.ts';
import type { PaymentAttempt, PaymentRequest } from '../checkout/payment-widget.tsx';
import { ShipThenPay } from '../checkout/ship-then-pay.tsx';
import { useDecidedPayment } from '../checkout/use-decided-payment.ts';
import { useShippingStep } from '../checkout/use-shipping-step.ts';
import type { ShippingValues } from '../checkout/shipping-values.ts';
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
  const f = useFormat();
  const { user } = useCurrentUser();
  const methods = usePaymentMethods(user);
  const payDecided = useDecidedPayment();
  const [orderType, setOrderType] = useState<OrderType>('hospital');
  const step = useShippingStep(user);
  const { organisation, refused } = step;

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
      <ShipThenPay step={step} orderType={orderType} onOrderTypeChange={setOrderType} totals={totals} methods={methods} onPay={pay} />
    </section>
  );
}
