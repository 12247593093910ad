import { useTranslation } from 'react-i18next';
import type { QuoteStatus } from '#contracts/quotes';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';

const TONES: Record<QuoteStatus, BadgeTone> = {
  requested: 'neutral',
  priced: 'neutral',
  sent: 'brand',
  accepted: 'success',
  declined: 'warning',
  expired: 'warning',
  withdrawn: 'warning',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation('quotes');
  return <Badge tone={TONES[status]}>{t(`status_${status}`)}</Badge>;
}
