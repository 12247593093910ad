import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState } from 'react';
import { Layers, Pencil } from 'lucide-react';
import type { PriceTier, VolumePrice } from '#contracts/pricing';
import { staffAccess } from '#contracts/staff-roles';
import { mayOpen } from '../staff/staff-pages.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import { TierTable } from './tier-table.tsx';

/** Staff edit tiers on the product page: the editor and its form library load for them alone, when opened. */
const TierEditor = lazy(async () => ({ default: (await import('./tier-editor.tsx')).TierEditor }));

/**
 * The product page's volume pricing: the bands the server priced for this buyer (`rows`), and for staff the editor of
 * the variant's tiers.
 */
export function VolumePricing({ product, rows }: { product: { id: number; price_tiers: PriceTier[] }; rows: VolumePrice[] }) {
  const { t } = useTranslation('pricing');
  const { user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const staff = mayOpen(user, staffAccess.catalogue);
  if (product.price_tiers.length === 0 && !staff) return null;

  return (
    <section aria-labelledby="volume-pricing-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="volume-pricing-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Layers aria-hidden="true" className="h-4 w-4 text-brand-700" /> {t('heading')}
        </h2>
        {staff && !editing && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" /> {t('edit')}
          </Button>
        )}
      </div>
      {editing ? (
        <Suspense>
          <TierEditor productId={product.id} tiers={product.price_tiers} onDone={() => setEditing(false)} />
        </Suspense>
      ) : product.price_tiers.length > 0 ? (
        <>
          <p className="mt-1 text-xs text-slate-600">{t('intro')}</p>
          <div className="mt-2"><TierTable rows={rows} /></div>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t('noTiers')}</p>
      )}
    </section>
  );
}
