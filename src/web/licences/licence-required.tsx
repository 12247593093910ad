import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import type { Cart } from '#contracts/cart';
import type { BlockReason } from '#contracts/licences';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge } from '../components/ui/badge.tsx';
import { cx } from '../lib/class-names.ts';

export const LICENCES_PATH = '/profile/licences';

/**
 * An individual account can never add a product that needs a licence (the server answers 403 LICENCE_REQUIRED);
 * a business account may, and its cart then says what is missing. A visitor is asked to sign in as usual.
 */
export function useAddBlockedByLicence(licenceRequired: boolean | undefined): boolean {
  const { user } = useCurrentUser();
  return Boolean(licenceRequired) && user?.accountType === 'individual';
}

/** Why this viewer cannot order a product that needs a licence, in their words. */
export function useLicenceGateText(): string {
  const { t } = useTranslation('licences');
  const { user } = useCurrentUser();
  if (!user) return t('gateVisitor');
  return user.accountType === 'business' ? t('gateBusiness') : t('gateIndividual');
}

/** "Licence required" on a product card, for viewers who cannot buy the product. */
export function LicenceRequiredBadge({ className }: { className?: string }) {
  const { t } = useTranslation('licences');
  return (
    <Badge tone="warning" className={cx('inline-flex items-center gap-1 whitespace-nowrap', className)} title={useLicenceGateText()}>
      <ShieldAlert aria-hidden="true" className="h-3.5 w-3.5" />
      {t('licenceRequired')}
    </Badge>
  );
}

/** On the product page: the item needs a licence this viewer does not hold, why, and where to upload one. */
export function LicenceRequiredNotice({ id }: { id?: string }) {
  const { t } = useTranslation('licences');
  const { user } = useCurrentUser();
  const text = useLicenceGateText();
  return (
    <div id={id} role="note" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <p className="font-semibold">{t('licenceRequired')}</p>
        <p className="mt-0.5">{text}</p>
        {user?.accountType === 'business' && (
          <Link to={LICENCES_PATH} className="mt-1 inline-block font-semibold text-amber-900 underline underline-offset-2">
            {t('uploadLicence')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** Under a cart line a business may not check out yet: what is missing, and where to upload a licence. */
export function LicenceLineNote({ reason }: { reason: BlockReason }) {
  const { t } = useTranslation('licences');
  return (
    <p className="mt-3 flex flex-wrap items-start gap-x-2 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
      <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
      <span className="min-w-0 flex-1">
        <span className="font-semibold">{t('licenceRequired')}:</span> {t('lineIssue', { context: reason })}
      </span>
      {reason !== 'business_only' && (
        <Link to={LICENCES_PATH} className="font-semibold underline underline-offset-2">{t('uploadLicence')}</Link>
      )}
    </p>
  );
}

/** Checkout: which lines hold it back until their licence is resolved. */
export function LicenceCheckoutPanel({ cart }: { cart: Pick<Cart, 'items'> }) {
  const { t } = useTranslation('licences');
  const held = cart.items.filter((item) => item.licence_issue);
  return (
    <div role="alert" className="mb-6 rounded-xl border border-amber-300 bg-white p-4 sm:p-5">
      <p className="font-semibold text-amber-950">{t('checkoutHeld')}</p>
      <ul className="mt-2 space-y-2">
        {held.map((item) => (
          <li key={item.id}>
            <span className="text-sm font-semibold text-slate-900">{item.product_name}</span>
            <LicenceLineNote reason={item.licence_issue!} />
          </li>
        ))}
      </ul>
    </div>
  );
}
