import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { throughGateway, type CheckoutMethod, type OrderType } from '#contracts/payment';
import { approvePrivateLabelProof, type ApprovePrivateLabelBody, type PrivateLabelRequest } from '#contracts/private-label';
import { useCurrentUser } from '../auth/use-current-user.ts';
import type { PaymentAttempt, PaymentRequest } from '../checkout/payment-widget.tsx';
import { ShipThenPay } from '../checkout/ship-then-pay.tsx';
import type { ShippingValues } from '../checkout/shipping-values.ts';
import { useDecidedPayment } from '../checkout/use-decided-payment.ts';
import { useShippingStep } from '../checkout/use-shipping-step.ts';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { apiFetch, isApiError } from '../lib/api.ts';
import { usePaymentMethods } from '../organisations/use-payment-methods.ts';

/**
 * Approving the proof is placing its order, paid as at checkout: the shipping details, then Pay by invoice for an
 * organisation on terms (the quoted total) or a gateway (its deposit; the balance is paid before it ships). The manufacturer notice is confirmed first unless it was
 * when the request was sent.
 */
export function PrivateLabelApproval({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const { user } = useCurrentUser();
  const methods = usePaymentMethods(user);
  const payDecided = useDecidedPayment();
  const [orderType, setOrderType] = useState<OrderType>('hospital');
  const [notice, setNotice] = useState(request.manufacturer_notice_at !== null);
  const step = useShippingStep(user);
  const { organisation, refused } = step;
  const totals = request.totals!;
  // A gateway takes the deposit now (the server's figure); an invoice holds the whole total.
  const deposit = request.deposit_amount && request.deposit_amount_pkr
    ? { grand_total: request.deposit_amount, grand_total_pkr: request.deposit_amount_pkr } : null;
  const cartFor = (method: CheckoutMethod) => (deposit && throughGateway(method) ? deposit : totals);

  const pay = (payment: PaymentRequest, shippingAddress: ShippingValues): Promise<PaymentAttempt> => {
    const body = { ...payment, manufacturer_notice: notice, orderDetails: { shippingAddress, orderType, ...organisation.details } } as ApprovePrivateLabelBody;
    return payDecided(body, {
      send: (headers) => apiFetch(approvePrivateLabelProof, { params: { id: request.id }, body, headers }),
      invalidate: ['private-label'],
      paid: { title: t('approved'), text: t('approvedText') },
      inProgress: (error) => isApiError(error, approvePrivateLabelProof, 'PAYMENT_IN_PROGRESS'),
      invalid: refused,
    });
  };

  return (
    <section aria-labelledby="approve-heading" className="space-y-4">
      <div>
        <h2 id="approve-heading" className="text-lg font-bold text-slate-900">{t('approveHeading')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('approveIntro')}</p>
      </div>
      {request.manufacturer_notice_at === null && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p className="text-sm font-semibold text-amber-900">{t('noticeTitle')}</p>
          <p className="mt-1 text-sm text-amber-900">{t('noticeText')}</p>
          <div className="mt-2"><CheckboxField label={t('noticeConfirm')} checked={notice} onChange={(event) => setNotice(event.target.checked)} /></div>
        </div>
      )}
      {notice && <ShipThenPay step={step} orderType={orderType} onOrderTypeChange={setOrderType} totals={totals} cartFor={cartFor} methods={methods} onPay={pay} />}
    </section>
  );
}
