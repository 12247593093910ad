import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { AlertOctagon, CheckCircle2 } from 'lucide-react';
import type { BuyerNotice } from '#contracts/recalls';
import { Button } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { myRecallNoticesQuery, useAcknowledgeRecall } from './recalls.api.ts';
import { withVariant } from '../catalog/with-variant.ts';
import { useErrorText } from '../lib/error-text.ts';

function RecallBanner({ notice }: { notice: BuyerNotice }) {
  const { t } = useTranslation('recalls');
  const errorText = useErrorText();
  const f = useFormat();
  const acknowledge = useAcknowledgeRecall();
  const done = notice.acknowledgedAt !== null;
  const lots = new Intl.ListFormat(f.intlLocale).format(notice.lotNumbers);
  const title = t('bannerTitle', { product: withVariant(notice.productName, notice.variantLabel), lots, count: notice.lotNumbers.length });
  return (
    <section
      role={done ? undefined : 'alert'}
      aria-label={title}
      data-testid="recall-banner"
      className={done ? 'rounded-xl border border-slate-200 bg-slate-50 p-4' : 'rounded-xl border-2 border-red-300 bg-red-50 p-4'}
    >
      <div className="flex gap-3">
        {done
          ? <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
          : <AlertOctagon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />}
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <h2 className="font-bold text-slate-900">{title}</h2>
          <p className="text-slate-800">{t('bannerText', { order: notice.orderNumber, count: notice.quantity })}</p>
          <p className="text-slate-700"><span className="font-semibold">{t('reason')}:</span> {notice.reason}</p>
          {done ? (
            <p className="text-slate-700">
              {t('acknowledged', { date: f.date(notice.acknowledgedAt!) })}{' '}
              {notice.returnStatus === 'received' ? t('returnReceived') : t('returnRequested')}
            </p>
          ) : (
            <Button
              size="sm"
              className="mt-2"
              disabled={acknowledge.isPending}
              onClick={() => acknowledge.mutate(notice.id, {
                onSuccess: () => notify.success(t('thanks')),
                onError: (error) => notify.error(t('acknowledgeFailed'), errorText(error)),
              })}
            >
              {acknowledge.isPending ? t('acknowledging') : t('acknowledge')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** Recall notices on the buyer's orders: all of them, or one order's. Nothing while there are none. */
export function RecallBanners({ orderId, className }: { orderId?: string; className?: string }) {
  const notices = useQuery(myRecallNoticesQuery());
  const shown = (notices.data?.notices ?? []).filter((notice) => !orderId || notice.orderId === orderId);
  if (shown.length === 0) return null;
  return (
    <div className={cx('space-y-3', className)}>
      {shown.map((notice) => <RecallBanner key={notice.id} notice={notice} />)}
    </div>
  );
}
