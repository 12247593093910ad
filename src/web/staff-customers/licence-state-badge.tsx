import { useTranslation } from 'react-i18next';
import type { LicenceState } from '#contracts/staff-customers';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';

const TONES: Record<LicenceState, BadgeTone> = {
  valid: 'success', unverified: 'warning', expired: 'warning', no_licence: 'neutral', business_only: 'neutral',
};

/** Whether the customer may buy restricted products today, or why not. */
export function LicenceStateBadge({ state }: { state: LicenceState }) {
  const { t } = useTranslation('staff-customers');
  return <Badge tone={TONES[state]}>{t(`licenceState_${state}`)}</Badge>;
}
