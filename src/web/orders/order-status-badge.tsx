import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '#contracts/orders';
import { cx } from '../lib/class-names.ts';
import { STATUS_BADGE_CLASSES } from './order-status.ts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', STATUS_BADGE_CLASSES[status])}>
      {t('statusName', { context: status })}
    </span>
  );
}
