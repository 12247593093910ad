import type { OrganisationStatus } from '#contracts/organisations';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { organisationMessages } from './messages.ts';

const TONES: Record<OrganisationStatus, BadgeTone> = { pending: 'warning', verified: 'success', rejected: 'neutral' };

export function OrganisationStatusBadge({ status }: { status: OrganisationStatus }) {
  const t = useMessages(organisationMessages);
  return <Badge tone={TONES[status]}>{t[`status_${status}`]}</Badge>;
}
