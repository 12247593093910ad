import { useTranslation } from 'react-i18next';
import { BUYER_RETURN_REASONS, type ReturnPolicy } from '#contracts/returns';
import { useFormat } from '../i18n/use-format.ts';

/**
 * What the policy keeps back for the reasons chosen: the restocking fee on "no longer needed", the return shipping fee
 * when the buyer pays it. Which fees apply, not the amounts: the shop works those out.
 */
export function ReturnFeesNotice({ policy, reasons }: { policy: Omit<ReturnPolicy, 'exclusions'>; reasons: string[] }) {
  const { t } = useTranslation('returns');
  const f = useFormat();
  const chosen = BUYER_RETURN_REASONS.filter((reason) => reasons.includes(reason));
  const restocking = chosen.includes('no_longer_needed') && policy.restocking_fee_percent > 0;
  const buyerPays = chosen.filter((reason) => policy.reasons.find((rule) => rule.code === reason)?.shipping_paid_by === 'buyer');
  const shipping = buyerPays.length > 0 && Number(policy.return_shipping_fee) > 0;
  const list = new Intl.ListFormat(f.intlLocale, { type: 'conjunction' });
  return (
    <div role="note" aria-label={t('feesHeading')} className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{t('feesHeading')}</p>
      {chosen.length === 0 ? <p>{t('feesChooseFirst')}</p> : !restocking && !shipping ? <p>{t('feesNone')}</p> : (
        <ul className="mt-1 list-disc space-y-1 ps-5">
          {restocking && <li>{t('feeRestocking', { percent: f.percent(policy.restocking_fee_percent, 0) })}</li>}
          {shipping && (
            <li>
              {t('feeShipping', {
                fee: f.money(policy.return_shipping_fee, 'USD'),
                reasons: list.format(buyerPays.map((reason) => t('reason', { context: reason }))),
              })}
            </li>
          )}
        </ul>
      )}
      <p className="mt-1 text-amber-900">{t('feesWorkedOut')}</p>
    </div>
  );
}
