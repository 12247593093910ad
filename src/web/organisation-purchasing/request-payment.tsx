import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { CreditCard } from 'lucide-react';
import { payRequest, type OrderRequest } from '#contracts/organisation-purchasing';
import type { PaymentOnlyBody } from '#contracts/payment';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { PaymentWidget, type PaymentRequest } from '../checkout/payment-widget.tsx';
import { useDecidedPayment } from '../checkout/use-decided-payment.ts';
import { Button } from '../components/ui/button.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { apiFetch, isApiError } from '../lib/api.ts';
import { usePaymentMethods } from '../organisations/use-payment-methods.ts';
import { approvalsKey } from './approvals.api.ts';

/**
 * The buyer's approved request, to be paid by card or wallet: the amount approved, delivered where the request says,
 * by any method the buyer may use; the order is placed when it is paid.
 */
export function RequestPayment({ request }: { request: OrderRequest }) {
  const { t } = useTranslation('organisation-purchasing');
  const f = useFormat();
  const { user } = useCurrentUser();
  const methods = usePaymentMethods(user);
  const payDecided = useDecidedPayment();
  const [open, setOpen] = useState(false);
  const headingId = `pay-request-${request.id}`;

  const pay = (payment: PaymentRequest) => payDecided(payment, {
    send: (headers) => apiFetch(payRequest, { params: { id: request.id }, body: payment as PaymentOnlyBody, headers }),
    invalidate: approvalsKey,
    paid: { title: t('payment.paidToast'), text: t('payment.paidToastText') },
    inProgress: (error) => isApiError(error, payRequest, 'PAYMENT_IN_PROGRESS'),
  });

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-100 pt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <h4 id={headingId} className="font-semibold text-slate-900">{t('payment.heading')}</h4>
          <p className="text-slate-600">{t('payment.intro', { name: request.decided_by ?? '', amount: f.price(request.amount) })}</p>
        </div>
        {!open && (
          <Button onClick={() => setOpen(true)} className="shrink-0">
            <CreditCard aria-hidden="true" className="h-4 w-4" /> {t('payment.payNow')}
          </Button>
        )}
      </div>
      {open && <PaymentWidget cart={{ grand_total: request.amount, grand_total_pkr: request.amount_pkr }} onPay={pay} methods={methods} />}
    </section>
  );
}
