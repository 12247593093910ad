import { useTranslation } from 'react-i18next';
import type { StaffReturnView } from '#contracts/returns';
import { useFormat } from '../i18n/use-format.ts';

/** What the lines are worth, what the policy keeps back, and what is given back. */
export function StaffReturnsAmounts({ amounts }: { amounts: StaffReturnView['amounts'] }) {
  const { t } = useTranslation('staff-returns');
  const f = useFormat();
  const rows = [['linesAmount', amounts.lines], ['feesAmount', amounts.fees], ['totalAmount', amounts.total]] as const;
  return (
    <dl className="grid max-w-xs grid-cols-[1fr_auto] gap-x-4 text-sm" data-testid="return-amounts">
      {rows.map(([label, amount]) => (
        <div key={label} className="contents">
          <dt className={label === 'totalAmount' ? 'font-semibold text-slate-900' : 'text-slate-600'}>{t(label)}</dt>
          <dd className={label === 'totalAmount' ? 'text-end font-semibold text-slate-900' : 'text-end text-slate-700'}>{f.money(amount, 'USD')}</dd>
        </div>
      ))}
    </dl>
  );
}
