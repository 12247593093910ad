import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useFormat } from '../i18n/use-format.ts';
import { HandlingBadges } from './handling-badges.tsx';
import { productHandlingQuery } from './lots.api.ts';

/** The product page's handling badges and the expiry of the lot the next order ships from. */
/** `variantExpiry`: the chosen size's next lot, for a product sold in several (undefined: the product's soonest). */
export function ProductHandlingPanel({ slug, variantExpiry }: { slug: string; variantExpiry?: string | null }) {
  const { t } = useTranslation('lots');
  const f = useFormat();
  const handling = useQuery(productHandlingQuery(slug));
  if (!handling.data) return null;
  const { flags } = handling.data;
  const nextExpiry = variantExpiry === undefined ? handling.data.nextExpiry : variantExpiry;
  if (flags.length === 0 && !nextExpiry) return null;
  return (
    <div className="space-y-2" data-testid="product-handling">
      <HandlingBadges flags={flags} />
      {nextExpiry && (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarClock aria-hidden="true" className="h-4 w-4 text-slate-500" />
          {t('nextExpiry', { date: f.date(`${nextExpiry}T00:00:00Z`, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }) })}
        </p>
      )}
    </div>
  );
}
