import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import type { Cart } from '#contracts/cart';
import { buttonClasses } from '../components/ui/button.tsx';
import { licenceGateQuery } from './licences.api.ts';

/** In the cart: which lines checkout will refuse for want of a verified licence, and where to upload one. */
export function LicenceCartNotice({ cart }: { cart: Cart }) {
  const { t } = useTranslation('licences');
  const gate = useQuery(licenceGateQuery(cart.items.map((item) => item.product_id)));
  if (!gate.data?.reason || gate.data.blocked_items.length === 0) return null;
  const items = gate.data.blocked_items.map((item) => item.name).join(', ');
  return (
    <div role="alert" className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-start">
      <ShieldAlert aria-hidden="true" className="h-6 w-6 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-amber-950">{t('cartBlockedTitle')}</p>
        <p className="mt-1 text-sm text-amber-950">{t('blockReason', { context: gate.data.reason, items, expiresOn: gate.data.licence_expires_on })}</p>
      </div>
      {gate.data.reason !== 'business_only' && (
        <Link to="/profile/licences" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>{t('manageLicences')}</Link>
      )}
    </div>
  );
}
