import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, CircleAlert, LoaderCircle, Lock } from 'lucide-react';
import { GATEWAY_METHODS, METHOD_CURRENCIES, type CheckoutMethod, type PaymentCurrency } from '#contracts/payment';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { cx } from '../lib/class-names.ts';
import { PaymentConfirmation } from './payment-confirmation.tsx';
import type { ApiError } from '../lib/api.ts';
import { useErrorText } from '../lib/error-text.ts';
import {
  type CashOnDeliveryFee, chargeFor, type ChargedCart, creditCovers, fieldsFor, missingDetails, type PaymentDetails, type PaymentWay, usePaymentDetailsForm, waysFor,
} from './payment-details.ts';
import { PaymentDetailsForm } from './payment-details-form.tsx';
import { PaymentMethodPicker } from './payment-method-picker.tsx';
import { usePaymentChoices } from './payment-methods.api.ts';

export type PaymentStage = 'method' | 'details' | 'confirmation';

export interface PaymentRequest {
  paymentMethod: CheckoutMethod;
  currency: PaymentCurrency;
  amount: number;
  /** Sent only when the buyer chose to pay with their store credit first. */
  use_store_credit?: true;
  /** Left out to pay on the gateway's own page. */
  paymentData?: PaymentDetails;
}

/**
 * What became of a submitted payment: `refused` (declined, or refused before any charge) says why on the page and
 * clears the details for a fresh attempt; `retry` keeps them (nothing is known to have happened); `review` keeps them
 * for the buyer to confirm a changed amount; `invalid` (a 400) keeps them, with the server's problems on their fields,
 * to be put right.
 */
export type PaymentAttempt = 'paid' | 'retry' | 'review' | { refused: ApiError } | { invalid: ApiError };

/** Why the last attempt failed, in the buyer's language, until the next one: a toast would be gone before it is read. */
function PaymentRefusal({ error }: { error: ApiError }) {
  const { t } = useTranslation('checkout');
  const errorText = useErrorText();
  const shown = useRef<HTMLDivElement>(null);
  // On a phone the Pay button is far below the top of the form, where the reason appears.
  useEffect(() => shown.current?.scrollIntoView?.({ block: 'nearest' }), [error]);
  return (
    <div ref={shown} role="alert" className="mb-5 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
      <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-600" />
      <div className="min-w-0">
        <p className="font-semibold text-red-900">{t('paymentFailed')}</p>
        <p className="mt-0.5 text-red-800">{errorText(error)}</p>
      </div>
    </div>
  );
}

const STAGES: Array<{ id: PaymentStage; label: (t: TFunction<'checkout'>) => string }> = [
  { id: 'method', label: (t) => t('stageMethod') },
  { id: 'details', label: (t) => t('stageDetails') },
  { id: 'confirmation', label: (t) => t('stageConfirm') },
];

function StageList({ stage }: { stage: PaymentStage }) {
  const { t } = useTranslation('checkout');
  const current = STAGES.findIndex((s) => s.id === stage);
  return (
    <ol className="flex items-center gap-2 text-xs font-semibold" aria-label={t('paymentSteps')}>
      {STAGES.map((s, index) => (
        <li key={s.id} aria-current={index === current ? 'step' : undefined} className="flex items-center gap-2">
          <span
            className={cx(
              'flex h-6 w-6 items-center justify-center rounded-full',
              index <= current ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600',
            )}
          >
            {index + 1}
          </span>
          <span className={index === current ? 'text-slate-900' : 'text-slate-500'}>{s.label(t)}</span>
          {index < STAGES.length - 1 && <span aria-hidden="true" className="h-px w-4 bg-slate-300 sm:w-8" />}
        </li>
      ))}
    </ol>
  );
}

/** "Use store credit ($X available)", offered when the payer has credit. */
function StoreCreditChoice({ cart, checked, onChange }: { cart: ChargedCart; checked: boolean; onChange: (use: boolean) => void }) {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  if (!cart.store_credit) return null;
  return (
    <div className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
      <label className="flex items-center gap-3 font-semibold text-slate-900">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {t('useStoreCredit', { amount: f.price(cart.store_credit.available) })}
      </label>
      {checked && (
        <p className="mt-1 ps-7 text-slate-700">
          {creditCovers(cart, checked) ? t('storeCreditCovers') : t('storeCreditRest', { amount: f.price(cart.store_credit.rest) })}
        </p>
      )}
    </div>
  );
}

export function PaymentWidget({
  cart,
  onPay,
  disabled,
  methods = GATEWAY_METHODS,
  codFee,
  useCredit = false,
  onUseCreditChange,
  cartFor,
  currency: fixedCurrency,
}: {
  cart: ChargedCart;
  onPay: (request: PaymentRequest) => Promise<PaymentAttempt>;
  disabled?: boolean;
  /** The methods this buyer may choose (Pay by invoice only for an organisation on terms), of those the shop offers. */
  methods?: readonly CheckoutMethod[];
  /** The courier's fee when cash on delivery is among the methods. */
  codFee?: CashOnDeliveryFee;
  /** Whether the payer's store credit pays first (the cart's store_credit says how much). */
  useCredit?: boolean;
  onUseCreditChange?: (use: boolean) => void;
  /** What a method pays when it is not `cart`'s total (a deposit through a gateway, the whole on an invoice). */
  cartFor?: (method: CheckoutMethod) => ChargedCart;
  /** The one currency it may be paid in, when the buyer has no choice (a balance, in the deposit's currency). */
  currency?: PaymentCurrency;
}) {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  const choices = usePaymentChoices(methods);
  const [stage, setStage] = useState<PaymentStage>('method');
  const [chosenMethod, setMethod] = useState<CheckoutMethod | null>(null);
  const [chosenWay, setWay] = useState<PaymentWay>('typed');
  const [currency, setCurrency] = useState<PaymentCurrency>(fixedCurrency ?? 'PKR');
  const cartOf = (of: CheckoutMethod) => cartFor?.(of) ?? cart;
  const [processing, setProcessing] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  // The shop's list may arrive after a choice: a method it does not offer is unchosen, a way it does not allow falls back.
  const choice = choices.find((offered) => offered.method === chosenMethod);
  const method = choice?.method ?? null;
  const ways = choice ? waysFor(choice.method, choice.direct) : [];
  const way = ways.includes(chosenWay) ? chosenWay : (ways[0] ?? 'typed');
  const form = usePaymentDetailsForm(method, way);

  const chooseMethod = (next: CheckoutMethod) => {
    if (next === method) return;
    setMethod(next);
    setWay('typed');
    setRefusal(null);
    form.reset();
    if (!fixedCurrency && !METHOD_CURRENCIES[next].includes(currency)) setCurrency('PKR');
  };

  const chooseWay = (next: PaymentWay) => {
    setWay(next);
    form.clearErrors();
  };

  const review = form.handleSubmit(
    () => setStage('confirmation'),
    () => {
      if (method && missingDetails(fieldsFor(method, way), form.getValues('paymentData') ?? {})) notify.error(t('incomplete'), t('incompleteText'));
    },
  );

  const pay = form.handleSubmit(
    async ({ paymentData }) => {
      if (!method) return;
      setProcessing(true);
      setRefusal(null);
      const charge = chargeFor(cartOf(method), method, currency, codFee, useCredit);
      const request = {
        paymentMethod: method, currency, amount: charge.amount, ...(useCredit ? { use_store_credit: true as const } : {}),
        ...(way === 'hosted' ? {} : { paymentData }),
      };
      const outcome = await onPay(request).finally(() => setProcessing(false));
      if (typeof outcome !== 'object') {
        if (outcome === 'paid') form.reset();
        return;
      }
      if ('invalid' in outcome) form.setServerErrors(outcome.invalid);
      else {
        setRefusal(outcome.refused);
        form.reset();
      }
      setStage('details');
    },
    () => setStage('details'),
  );

  const charge = method ? chargeFor(cartOf(method), method, currency, codFee, useCredit) : null;
  // Credit paying it all charges no method: the order is placed at once, naming the first method for a rest the
  // server might find after all (credit spent meanwhile), which is then paid on that gateway's own page.
  const covered = creditCovers(cart, useCredit);
  const fallback = choices[0]?.method;
  const placeWithCredit = async () => {
    if (!fallback) return;
    setProcessing(true);
    setRefusal(null);
    const amount = chargeFor(cartOf(fallback), fallback, 'PKR', codFee, true).amount;
    const outcome = await onPay({ paymentMethod: fallback, currency: 'PKR', amount, use_store_credit: true }).finally(() => setProcessing(false));
    if (typeof outcome === 'object') setRefusal('invalid' in outcome ? outcome.invalid : outcome.refused);
  };

  return (
    <section aria-labelledby="payment-heading" aria-busy={processing} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-heading" className="text-lg font-bold text-slate-900">
          {t('payment')}
        </h2>
        <StageList stage={stage} />
      </div>

      <div className="mt-5">
        {refusal && <PaymentRefusal error={refusal} />}
        {stage === 'method' && onUseCreditChange && <StoreCreditChoice cart={cart} checked={useCredit} onChange={onUseCreditChange} />}
        {stage === 'method' && !covered && (
          <PaymentMethodPicker value={method} onChange={chooseMethod} methods={choices.map((offered) => offered.method)} />
        )}
        {stage === 'details' && method && (
          <PaymentDetailsForm
            method={method}
            form={form}
            currency={currency}
            onCurrencyChange={fixedCurrency ? undefined : setCurrency}
            ways={ways}
            way={way}
            onWayChange={chooseWay}
          />
        )}
        {stage === 'confirmation' && method && charge && (
          <PaymentConfirmation method={method} way={way} details={form.getValues('paymentData') ?? {}} charge={charge} />
        )}
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {stage !== 'method' ? (
          <Button variant="secondary" disabled={processing} onClick={() => setStage(stage === 'confirmation' ? 'details' : 'method')}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('back')}
          </Button>
        ) : (
          <span />
        )}
        {stage === 'method' && covered && (
          <Button size="lg" disabled={processing || disabled || !fallback} onClick={placeWithCredit}>
            <Lock aria-hidden="true" className="h-4 w-4" /> {t('placeOrderWithCredit')}
          </Button>
        )}
        {stage === 'method' && !covered && (
          <Button disabled={!method || disabled} onClick={() => setStage('details')}>
            {t('continue')} <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          </Button>
        )}
        {stage === 'details' && (
          <Button disabled={disabled} onClick={review}>
            {t('reviewPayment')} <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          </Button>
        )}
        {stage === 'confirmation' && charge && (
          <Button size="lg" disabled={processing || disabled} onClick={pay}>
            {processing ? (
              <>
                <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> {t('processing')}
              </>
            ) : (
              <>
                <Lock aria-hidden="true" className="h-4 w-4" /> {t('pay', { amount: f.money(charge.total, charge.currency) })}
              </>
            )}
          </Button>
        )}
      </div>
    </section>
  );
}
