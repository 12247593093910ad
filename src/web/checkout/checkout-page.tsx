import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRight, Pencil } from 'lucide-react';
import type { Cart } from '#contracts/cart';
import { paysLater, processPayment, type OrderType, type ProcessPaymentBody } from '#contracts/payment';
import { useCurrentUser, type CurrentUser } from '../auth/use-current-user.ts';
import { useCart, useRefreshCart } from '../cart/cart.api.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { isApiError } from '../lib/api.ts';
import { useFormat } from '../i18n/use-format.ts';
import { cx } from '../lib/class-names.ts';
import { submitPayment } from './checkout.api.ts';
import { CartLoadErrorPanel, EmptyCartPanel, InventoryIssuePanel } from './checkout-panels.tsx';
import { LicenceCheckoutPanel } from '../licences/licence-required.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { PaymentWidget, type PaymentAttempt, type PaymentRequest } from './payment-widget.tsx';
import { ShippingForm } from './shipping-form.tsx';
import { OrganisationFields } from './organisation-fields.tsx';
import type { ShippingValues } from './shipping-values.ts';
import { useShippingStep } from './use-shipping-step.ts';
import { useShippingChoice } from './use-shipping-choice.ts';
import { ShippingOptionsPicker, useDeliveryDays } from './shipping-options-picker.tsx';
import { useCountryName } from './countries.ts';
import type { ShippingOption } from '#contracts/shipping';
import { useIdempotencyKey } from './use-idempotency-key.ts';
import { usePaymentMethods } from '../organisations/use-payment-methods.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { followWaitingPayment } from './follow-payment.ts';
import { useErrorText } from '../lib/error-text.ts';

function Steps({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation('checkout');
  return (
    <ol className="mt-4 flex items-center gap-3 text-sm font-semibold" aria-label={t('steps')}>
      {[t('stepShipping'), t('stepPayment')].map((label, index) => (
        <li key={label} aria-current={step === index + 1 ? 'step' : undefined} className="flex items-center gap-2">
          <span className={cx('flex h-7 w-7 items-center justify-center rounded-full', step >= index + 1 ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600')}>
            {index + 1}
          </span>
          <span className={step === index + 1 ? 'text-slate-900' : 'text-slate-500'}>{label}</span>
          {index === 0 && <span aria-hidden="true" className="h-px w-8 bg-slate-300 sm:w-16" />}
        </li>
      ))}
    </ol>
  );
}

/** Whether the option takes cash at the door for this cart: within its limit (the total before the courier's fee). */
const cashOnDelivery = (option: ShippingOption | null, cart: Pick<Cart, 'grand_total'>): 'offered' | 'over_limit' | null => {
  if (!option?.cod) return null;
  return option.cod_limit !== null && Number(cart.grand_total) > Number(option.cod_limit) ? 'over_limit' : 'offered';
};

function ShippingRecap({ values, option, cart, orderType, onEdit }: {
  values: ShippingValues; option: ShippingOption | null; cart: Cart; orderType: OrderType; onEdit: () => void;
}) {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  const cod = cashOnDelivery(option, cart);
  const countryName = useCountryName();
  const days = useDeliveryDays();
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="font-bold text-slate-900">
            {t('shippingTo', { name: `${values.firstName} ${values.lastName}` })}
            <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {orderType === 'hospital' ? t('hospitalOrder') : t('individualOrder')}
            </span>
          </p>
          <DataText as="p" className="mt-1 text-slate-600">
            {[values.company, values.address, `${values.city} ${values.postalCode}`.trim()].filter(Boolean).join(', ')}
          </DataText>
          <p className="text-slate-600">{countryName(values.country)}</p>
          {option ? (
            <p className="mt-1 text-slate-600">
              {t('shipsBy', { method: option.name })} · {days(option)}
            </p>
          ) : <Skeleton className="mt-1 h-5 w-48" />}
          {option && cod === 'offered' && <p className="text-slate-600">{t('codAvailable', { fee: f.price(option.cod_fee) })}</p>}
          {option && cod === 'over_limit' && (
            <p className="text-amber-800">{t('codOverLimit', { method: option.name, limit: f.price(option.cod_limit!) })}</p>
          )}
          <p className="text-slate-600">
            <DataText>{values.email}</DataText> · <DataText>{values.phone}</DataText>
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" /> {t('edit')}
        </Button>
      </div>
    </Card>
  );
}

/** Step 1 and step 2 over a loaded cart; the form starts from the signed-in user's profile. */
function CheckoutFlow({ cart, user, cartBusy }: { cart: Cart; user: CurrentUser | null; cartBusy: boolean }) {
  const methods = usePaymentMethods(user);
  const { t } = useTranslation('checkout');
  const errorText = useErrorText();
  const f = useFormat();
  const navigate = useNavigate();
  const refreshCart = useRefreshCart();
  const idempotency = useIdempotencyKey();

  const [useCredit, setUseCredit] = useState(false);
  const [orderType, setOrderType] = useState<OrderType>(user?.accountType === 'business' ? 'hospital' : 'individual');
  // Payment opens with a shipping option for the address, or while the address's options are on their way (and goes
  // back to the address where nothing ships there).
  const { shippingForm, organisation, shipping, continueToPayment, edit, refused } = useShippingStep(user);
  const choice = useShippingChoice(shippingForm, cart, { submitted: shipping !== null });
  const chosen = choice.option;
  const shippable = chosen !== null || choice.busy;
  const countryName = useCountryName();
  // Payment opens with the checked shipping details while nothing blocks checkout.
  const blocked = cart.has_stock_issues || cart.has_licence_issues;
  const shippingTo = blocked || !shippable ? null : shipping;

  const pay = async (
    { paymentMethod, currency, amount, use_store_credit, paymentData }: PaymentRequest, shippingAddress: ShippingValues, option: ShippingOption,
  ): Promise<PaymentAttempt> => {
    const body = {
      paymentMethod,
      currency,
      amount,
      use_store_credit,
      paymentData,
      orderDetails: {
        items: cart.items.map((item) => ({ name: item.product_name, quantity: item.quantity, price: Number(item.unit_price) })),
        shippingAddress,
        shippingOptionId: option.id,
        orderType,
        ...organisation.details,
      },
    } as ProcessPaymentBody;

    const outcome = await submitPayment(body, await idempotency.keyFor(body));
    if (outcome.kind === 'unknown') {
      notify.error(t('paymentFailed'), t('paymentFailedText'));
      return 'retry';
    }
    idempotency.settle();

    if (outcome.kind === 'paid') {
      if (paysLater(paymentMethod)) notify.success(t('orderConfirmed'), t('orderConfirmedText'));
      else notify.success(t('paymentSuccessful'), t('paymentSuccessfulText'));
      await navigate(`/payment/result?${new URLSearchParams({ transaction_id: outcome.payment.transactionId, status: 'success' })}`);
      void refreshCart();
      return 'paid';
    }
    if (outcome.kind === 'waiting') {
      await followWaitingPayment(outcome.payment, navigate);
      void refreshCart();
      return 'paid';
    }
    if (outcome.kind === 'approval-required') {
      notify.success(t('sentForApproval'), t('sentForApprovalText'));
      await navigate('/profile/organisation?tab=approvals');
      void refreshCart();
      return 'paid';
    }
    if (outcome.kind === 'amount-changed') {
      await refreshCart();
      notify.warning(t('totalChanged'), t('totalChangedText', { total: f.money(outcome.amount, outcome.currency) }));
      return 'review';
    }

    if (isApiError(outcome.error, processPayment, 'PAYMENT_IN_PROGRESS')) {
      notify.error(t('paymentFailed'), errorText(outcome.error));
      return 'retry';
    }
    if (outcome.error.status === 400) {
      notify.error(t('paymentFailed'), errorText(outcome.error));
      refused(outcome.error);
      return { invalid: outcome.error };
    }
    await refreshCart();
    return { refused: outcome.error };
  };

  return (
    <>
      <Steps step={shippingTo ? 2 : 1} />
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {cart.has_stock_issues && <InventoryIssuePanel cart={cart} />}
          {cart.has_licence_issues && <LicenceCheckoutPanel cart={cart} />}
          {shippingTo ? (
            <>
              <ShippingRecap values={shippingTo} option={chosen} cart={choice.cart} orderType={orderType} onEdit={edit} />
              {/* Shown with its option known: the recap above grows with it, and would move the methods under a pointer. */}
              {chosen ? (
                <PaymentWidget cart={choice.cart} onPay={(request) => pay(request, shippingTo, chosen)} disabled={cartBusy || choice.busy}
                  methods={cashOnDelivery(chosen, choice.cart) === 'offered' ? [...methods, 'cash_on_delivery'] : methods} codFee={chosen}
                  useCredit={useCredit} onUseCreditChange={setUseCredit} />
              ) : <Skeleton className="h-64 w-full rounded-xl" />}
            </>
          ) : (
            <Card className="p-5 sm:p-6">
              <form onSubmit={continueToPayment(shippable)} noValidate>
                <OrganisationFields fields={organisation} />
                <ShippingForm form={shippingForm} orderType={orderType} onOrderTypeChange={setOrderType} />
                <div className="mt-6">
                  <ShippingOptionsPicker answer={choice.answer} loading={choice.loading} chosen={chosen} onChoose={choice.choose}
                    country={countryName(shippingForm.watch('country') ?? '')} />
                </div>
                <div className="mt-6 flex justify-end">
                  <Button type="submit" size="lg" disabled={blocked || !shippable} className="w-full sm:w-auto">
                    {t('continueToPayment')} <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
                  </Button>
                </div>
              </form>
            </Card>
          )}
        </div>
        <div className="lg:sticky lg:top-24">
          <CheckoutSummary cart={choice.cart} useCredit={useCredit && shippingTo !== null} />
        </div>
      </div>
    </>
  );
}

export function CheckoutPage() {
  // Loaded with the page, not when the cart arrives (which would blank it and the address being typed): the cart's
  // and the licences' notes.
  const { t } = useTranslation(['checkout', 'cart', 'licences', 'pricing']);
  const { user } = useCurrentUser();
  const { isLoading, query } = useCart();
  const cart = query.data;

  let content;
  if (isLoading) {
    content = (
      <div role="status" aria-label={t('loading')} className="mt-6 grid gap-8 lg:grid-cols-3">
        <Skeleton className="h-[28rem] lg:col-span-2" />
        <Skeleton className="h-80" />
      </div>
    );
  } else if (query.isError && !cart) {
    content = (
      <div className="mt-6">
        <CartLoadErrorPanel error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </div>
    );
  } else if (!cart || cart.items.length === 0) {
    content = (
      <div className="mt-6">
        <EmptyCartPanel />
      </div>
    );
  } else {
    content = <CheckoutFlow cart={cart} user={user} cartBusy={query.isFetching} />;
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('heading')}</h1>
      {content}
    </div>
  );
}
