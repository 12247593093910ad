import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApprovalPending, PaymentSuccess, PaymentWaiting } from '#contracts/payment';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import type { ApiError } from '../lib/api.ts';
import { submitPayment } from './checkout.api.ts';
import type { PaymentAttempt } from './payment-widget.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';
import { followWaitingPayment } from './follow-payment.ts';
import { useErrorText } from '../lib/error-text.ts';

interface DecidedPayment {
  /** Posts the payment with its Idempotency-Key header; an accepted quote above a spending limit waits for approval. */
  send: (headers: Record<string, string>) => Promise<PaymentSuccess | ApprovalPending | PaymentWaiting>;
  /** The lists that change once it is paid (the order list always does). */
  invalidate: QueryKey;
  /** The toast once paid. */
  paid: { title: string; text: string };
  /** A refusal meaning a payment for it is already under way: the same attempt may be sent again. */
  inProgress: (error: ApiError) => boolean;
  /** A 400: the payment's own fields are put right on the payment form; this takes the problems of the form's others. */
  invalid?: (error: ApiError) => void;
}

/**
 * Paying for what is already decided (an accepted quote, an approved request) as checkout pays: one key per attempt,
 * kept while the outcome is unknown, and the buyer taken to the payment's result once paid.
 */
export function useDecidedPayment() {
  const { t } = useTranslation('checkout');
  const errorText = useErrorText();
  const f = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();

  return async (body: unknown, { send, invalidate, paid, inProgress, invalid }: DecidedPayment): Promise<PaymentAttempt> => {
    const outcome = await submitPayment(body, await idempotency.keyFor(body), send);
    if (outcome.kind === 'unknown') {
      notify.error(t('paymentFailed'), t('paymentFailedText'));
      return 'retry';
    }
    idempotency.settle();
    await queryClient.invalidateQueries({ queryKey: invalidate });
    if (outcome.kind === 'paid') {
      notify.success(paid.title, paid.text);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate(`/payment/result?${new URLSearchParams({ transaction_id: outcome.payment.transactionId, status: 'success' })}`);
      return 'paid';
    }
    if (outcome.kind === 'waiting') {
      await followWaitingPayment(outcome.payment, navigate);
      return 'paid';
    }
    if (outcome.kind === 'approval-required') {
      notify.success(t('sentForApproval'), t('sentForApprovalText'));
      await navigate('/profile/organisation?tab=approvals');
      return 'paid';
    }
    if (outcome.kind === 'amount-changed') {
      notify.warning(t('totalChanged'), t('totalChangedText', { total: f.money(outcome.amount, outcome.currency) }));
      return 'review';
    }
    if (outcome.error.status === 400 || inProgress(outcome.error)) notify.error(t('paymentFailed'), errorText(outcome.error));
    if (inProgress(outcome.error)) return 'retry';
    if (outcome.error.status === 400) {
      invalid?.(outcome.error);
      return { invalid: outcome.error };
    }
    return { refused: outcome.error };
  };
}
