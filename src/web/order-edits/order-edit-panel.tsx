import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderEditAddress, OrderEditBody } from '#contracts/order-edits';
import { notify } from '../components/ui/notify.ts';
import { useErrorText } from '../lib/error-text.ts';
import { serverIssueErrors } from '../lib/issue-text.ts';
import { OrderEditAddressForm } from './order-edit-address.tsx';
import { OrderEditLineRow } from './order-edit-line.tsx';
import type { OrderEditLine } from './order-edit-lines.ts';
import { OrderEditResult } from './order-edit-result.tsx';
import { useEditOrder, type OrderEdited } from './order-edits.api.ts';

export interface OrderEditPanelProps {
  orderId: string;
  lines: OrderEditLine[];
  /** Where the order ships now, as checkout's fields. */
  address: OrderEditAddress;
  /** Whether the order still takes edits (confirmed or processing, nothing shipped); the server checks again. */
  editable: boolean;
  /** The server's answer to each edit made: the order, the edit and its refund. */
  onEdited?: (answer: OrderEdited) => void;
}

/**
 * Staff change an order before it ships: the address, a lower quantity, or a line removed. Each change is sent with
 * its own Idempotency-Key (a retry after a lost answer is the same change), and what it did to the money is shown as
 * the server answered it.
 */
export function OrderEditPanel({ orderId, lines, address, editable, onEdited }: OrderEditPanelProps) {
  const { t } = useTranslation('order-edits');
  const errorText = useErrorText();
  const edit = useEditOrder(orderId);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [answer, setAnswer] = useState<OrderEdited | null>(null);

  const run = async (body: OrderEditBody): Promise<unknown> => {
    try {
      const edited = await edit.mutateAsync({ body, idempotencyKey: key });
      setKey(crypto.randomUUID());
      setAnswer(edited);
      onEdited?.(edited);
      return null;
    } catch (error) {
      if (Object.keys(serverIssueErrors(error)).length === 0) notify.error(t('failed'), errorText(error));
      return error;
    }
  };

  return (
    <section aria-labelledby={`order-edits-${orderId}`} className="space-y-3">
      <h2 id={`order-edits-${orderId}`} className="text-base font-bold text-slate-900">{t('heading')}</h2>
      {!editable ? <p className="text-sm text-slate-600">{t('notEditable')}</p> : (
        <>
          <p className="text-sm text-slate-600">{t('intro')}</p>
          {answer && <OrderEditResult answer={answer} />}
          <OrderEditAddressForm address={address} run={run} />
          <h3 className="text-sm font-semibold text-slate-900">{t('lines')}</h3>
          <ul>
            {lines.map((line) => <OrderEditLineRow key={line.order_item_id} line={line} removable={lines.length > 1} run={run} />)}
          </ul>
          {lines.length === 1 && <p className="text-sm text-slate-600">{t('onlyLine')}</p>}
        </>
      )}
    </section>
  );
}
