import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, FileDown, Package, ShoppingBag, Truck } from 'lucide-react';
import type { PaymentResult } from '#contracts/payment';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { type Format, useFormat } from '../i18n/use-format.ts';
import { methodLabel } from '../checkout/method-label.ts';
import { OrderBreakdown, useLinePrice } from '../orders/order-breakdown.tsx';
import { saveInvoice } from '../orders/orders.api.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { InvoiceTermsNote } from '../organisations/invoice-terms-note.tsx';

/** An ISO day such as '2026-03-14', shown as that calendar day wherever the browser is. */
export function formatDeliveryDate(isoDay: string, date: Format['date'], unknown: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!match) return unknown;
  return date(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function PaymentSuccessView({ result }: { result: PaymentResult }) {
  const { t } = useTranslation('payment');
  const { t: methods } = useTranslation('checkout');
  const { t: orders } = useTranslation('orders');
  const { orderDetails } = result;
  const f = useFormat();
  const linePrice = useLinePrice();
  const cashOnDelivery = result.paymentMethod === 'cash_on_delivery';
  return (
    <div className="mx-auto max-w-3xl">
      <div className="text-center">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckCircle2 aria-hidden="true" className="h-9 w-9" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {cashOnDelivery ? t('cashOnDeliveryTitle') : result.invoiceTerms ? t('placedOnTermsTitle') : t('successTitle')}
        </h1>
        {result.invoiceTerms && <p className="mt-2 text-slate-600">{t('placedOnTermsText')}</p>}
        {cashOnDelivery && (
          <p className="mt-2 text-slate-600">{t('cashOnDeliveryText', { amount: f.money(result.amountCharged, result.currency) })}</p>
        )}
      </div>

      <Card className="mt-8 p-5 sm:p-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label={t('transactionId')}>
            <span className="font-mono text-sm">{result.transactionId}</span>
          </Detail>
          <Detail label={t('orderNumber')}>
            <span className="font-mono text-sm">{result.orderNumber}</span>
          </Detail>
          <Detail label={t('paymentMethod')}>{methodLabel(result.paymentMethod, methods)}</Detail>
          <Detail label={t('estimatedDelivery')}>{formatDeliveryDate(orderDetails.estimatedDelivery, f.date, t('toBeConfirmed'))}</Detail>
          <Detail label={t('shippingTo')}>
            <DataText>{orderDetails.shippingAddress.name}</DataText>
            <DataText as="span" className="block text-sm font-normal text-slate-600">{orderDetails.shippingAddress.address}</DataText>
          </Detail>
        </dl>
        {/* Shown only for an order placed, so not cancelled. */}
        <InvoiceTermsNote order={{ invoiceTerms: result.invoiceTerms, status: 'confirmed' }} />
      </Card>

      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="flex items-center gap-2 font-bold text-slate-900">
          <Package aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('items')}
        </h2>
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {orderDetails.items.map((item, index) => (
            <li key={`${item.name}-${index}`} className="flex justify-between gap-4 py-2.5">
              <span className="min-w-0">
                <DataText as="span" className="block text-slate-800">{item.name}</DataText>
                <span className="text-slate-500">{linePrice.each(item)}</span>
              </span>
              <span className="shrink-0 font-semibold text-slate-900">{linePrice.total(item)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-slate-200 pt-3">
          <OrderBreakdown charges={result} />
        </div>
      </Card>

      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="flex items-center gap-2 font-bold text-slate-900">
          <Truck aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('whatsNext')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 ps-5 text-sm text-slate-700">
          {[t('next1'), t('next2'), t('next3'), t('next4')].map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/orders" className={buttonClasses({ size: 'lg' })}>
          <Truck aria-hidden="true" className="h-4 w-4" /> {t('trackOrder')}
        </Link>
        <button type="button" onClick={() => saveInvoice(result.orderId, result.orderNumber, orders)}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <FileDown aria-hidden="true" className="h-4 w-4" /> {t('downloadInvoice')}
        </button>
        <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <ShoppingBag aria-hidden="true" className="h-4 w-4" /> {t('continueShopping')}
        </Link>
      </div>
    </div>
  );
}
