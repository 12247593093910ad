import { useTranslation } from 'react-i18next';
import type { LicenceState } from '#contracts/staff-customers';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';

const TONES: Record<Exclude<LicenceState, 'business_only'>, BadgeTone> = {
  valid: 'success', unverified: 'warning', expired: 'warning', no_licence: 'neutral',
};

/** Whether a business customer may buy restricted products today, or why not; nothing for an individual account. */
export function LicenceStateBadge({ state }: { state: LicenceState }) {
  const { t } = useTranslation('staff-customers');
  return state === 'business_only' ? null : <Badge tone={TONES[state]}>{t(`licenceState_${state}`)}</Badge>;
}
