import { useTranslation } from 'react-i18next';
import type { RefundStatus } from '#contracts/refunds';
import { useFormat } from '../i18n/use-format.ts';
import type { OrderEdited } from './order-edits.api.ts';

const REFUND_TEXT = {
  succeeded: 'resultRefund', pending: 'resultRefundPending', manual: 'resultRefundManual', failed: 'resultRefundFailed',
} as const satisfies Record<RefundStatus, string>;

/** What the last edit did to the order's money, as the server answered it. */
export function OrderEditResult({ answer }: { answer: OrderEdited }) {
  const { t } = useTranslation('order-edits');
  const f = useFormat();
  const { edit, refund } = answer;
  const usd = (amount: string) => f.money(amount, 'USD');
  const lines = [
    edit.total_after === edit.total_before
      ? t('resultNoMoney', { total: usd(edit.total_after) })
      : t('resultTotal', { total: usd(edit.total_after), was: usd(edit.total_before) }),
    ...(refund ? [t(REFUND_TEXT[refund.status], { amount: f.money(refund.amount, refund.currency) })] : []),
    ...(Number(edit.store_credit_returned) > 0 ? [t('resultCredit', { amount: usd(edit.store_credit_returned) })] : []),
    t('resultMailed'),
  ];
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-semibold">{t('saved')}</p>
      {lines.map((line) => <p key={line}>{line}</p>)}
    </div>
  );
}
