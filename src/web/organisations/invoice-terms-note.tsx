import { useTranslation } from 'react-i18next';
import { FileClock } from 'lucide-react';
import type { Order } from '#contracts/orders';
import { Badge } from '../components/ui/badge.tsx';
import { useFormat } from '../i18n/use-format.ts';

/** The terms and due date of an order paid by invoice; nothing for other orders. */
export function InvoiceTermsNote({ order, today = new Date() }: { order: Pick<Order, 'invoiceTerms' | 'status'>; today?: Date }) {
  const { t } = useTranslation('organisations');
  const f = useFormat();
  const terms = order.invoiceTerms;
  if (!terms) return null;
  const overdue = !terms.paidAt && order.status !== 'cancelled' && terms.dueDate < today.toISOString().slice(0, 10);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <span className="flex items-center gap-2 font-semibold">
        <FileClock aria-hidden="true" className="h-4 w-4" /> {t('termsLabel', { terms: t(`terms_${terms.terms}`) })}
      </span>
      {terms.paidAt ? (
        <span>{t('paidOn')}: {f.date(terms.paidAt)}</span>
      ) : (
        <span>
          {t('dueDate')}: <strong><time dateTime={terms.dueDate}>{f.date(`${terms.dueDate}T12:00:00Z`)}</time></strong>
        </span>
      )}
      {overdue && <Badge tone="danger">{t('overdue')}</Badge>}
    </div>
  );
}
