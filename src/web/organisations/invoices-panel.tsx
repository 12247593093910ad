import { useTranslation } from 'react-i18next';
import type { TermsInvoice } from '#contracts/organisations';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useMarkInvoicePaid } from './organisations.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** The organisation's orders on terms, newest first; sales staff record a payment when it arrives. */
export function InvoicesPanel({ invoices, readOnly = false }: { invoices: TermsInvoice[]; readOnly?: boolean }) {
  const { t } = useTranslation('organisations');
  const errorText = useErrorText();
  const f = useFormat();
  const markPaid = useMarkInvoicePaid();
  return (
    <section aria-labelledby="invoices-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="invoices-heading" className="text-base font-semibold text-slate-900">{t('invoices')}</h2>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('noInvoices')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <li key={invoice.order_id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{invoice.order_number}</p>
                <p className="text-slate-600">
                  {t('amount')}: {f.money(invoice.amount, 'USD')} · {t(`terms_${invoice.payment_terms}`)} · {t('due')}: {f.date(`${invoice.due_date}T12:00:00Z`)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {invoice.order_status === 'cancelled' ? (
                  <Badge>{t('cancelled')}</Badge>
                ) : invoice.paid_at ? (
                  <Badge tone="success">{t('paid', { date: f.date(invoice.paid_at) })}</Badge>
                ) : (
                  <>
                    {invoice.overdue ? <Badge tone="danger">{t('overdue')}</Badge> : <Badge tone="warning">{t('unpaid')}</Badge>}
                    {!readOnly && <Button
                      size="sm"
                      disabled={markPaid.isPending}
                      aria-label={`${t('markPaid')}: ${invoice.order_number}`}
                      onClick={() => markPaid.mutate(invoice.order_id, {
                        onSuccess: () => notify.success(t('markedPaid'), t('markedPaidText', { number: invoice.order_number })),
                        onError: (error) => notify.error(t('actionFailed'), errorText(error)),
                      })}
                    >
                      {t('markPaid')}
                    </Button>}
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
