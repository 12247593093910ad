import { useTranslation } from 'react-i18next';
import type { ReturnStatus } from '#contracts/returns';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';

const TONES: Record<ReturnStatus, BadgeTone> = {
  requested: 'warning',
  approved: 'brand',
  rejected: 'danger',
  received: 'neutral',
  resolved: 'success',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation('returns');
  return <Badge tone={TONES[status]}>{t('status', { context: status })}</Badge>;
}
