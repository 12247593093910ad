import type { QuoteStatus } from '#contracts/quotes';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { quoteMessages } from './messages.ts';

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
  const t = useMessages(quoteMessages);
  return <Badge tone={TONES[status]}>{t[`status_${status}`]}</Badge>;
}
