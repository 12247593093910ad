import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { HandlingFlag } from '#contracts/lots';
import { Badge } from '../components/ui/badge.tsx';
import { cx } from '../lib/class-names.ts';
import { flagLabel } from './flag-label.ts';

/** A product's handling flags (sterile, single use, latex free, cold chain) as badges; nothing when it has none. */
export function HandlingBadges({ flags, className }: { flags: HandlingFlag[]; className?: string }) {
  const { t } = useTranslation('lots');
  if (flags.length === 0) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1', className)} aria-label={t('flags')}>
      {flags.map((flag) => (
        <li key={flag}>
          <Badge tone={flag === 'cold_chain' ? 'warning' : 'brand'} data-testid="handling-badge">
            {flag === 'sterile' && <ShieldCheck aria-hidden="true" className="h-3 w-3" />}
            {flagLabel(t, flag)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
