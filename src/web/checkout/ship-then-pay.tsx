import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { OrderType } from '#contracts/payment';
import { Button } from '../components/ui/button.tsx';
import { OrganisationFields } from './organisation-fields.tsx';
import { PaymentWidget, type PaymentAttempt, type PaymentRequest } from './payment-widget.tsx';
import { ShippingForm } from './shipping-form.tsx';
import type { ShippingValues } from './shipping-values.ts';
import type { useShippingStep } from './use-shipping-step.ts';

/** Paying for something placed outside the cart (a quote, a private-label order) as at checkout: where it ships, then how it is paid. */
export function ShipThenPay({ step, orderType, onOrderTypeChange, totals, cartFor, methods, onPay }: {
  step: ReturnType<typeof useShippingStep>;
  orderType: OrderType;
  onOrderTypeChange: (type: OrderType) => void;
  totals: ComponentProps<typeof PaymentWidget>['cart'];
  /** What a method pays when it is not the whole total (a private-label deposit through a gateway). */
  cartFor?: ComponentProps<typeof PaymentWidget>['cartFor'];
  methods: ComponentProps<typeof PaymentWidget>['methods'];
  onPay: (request: PaymentRequest, shipping: ShippingValues) => Promise<PaymentAttempt>;
}) {
  const { t: c } = useTranslation('checkout');
  const { shippingForm, organisation, shipping, continueToPayment, edit } = step;
  return shipping === null ? (
    <form onSubmit={continueToPayment()} noValidate className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <OrganisationFields fields={organisation} />
      <ShippingForm form={shippingForm} orderType={orderType} onOrderTypeChange={onOrderTypeChange} />
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
      <PaymentWidget cart={totals} cartFor={cartFor} onPay={(request) => onPay(request, shipping)} methods={methods} />
    </>
  );
}
