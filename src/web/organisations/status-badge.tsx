import { useTranslation } from 'react-i18next';
import type { OrganisationStatus } from '#contracts/organisations';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';

const TONES: Record<OrganisationStatus, BadgeTone> = { pending: 'warning', verified: 'success', rejected: 'neutral' };

export function OrganisationStatusBadge({ status }: { status: OrganisationStatus }) {
  const { t } = useTranslation('organisations');
  return <Badge tone={TONES[status]}>{t(`status_${status}`)}</Badge>;
}
