import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import { usePunchout } from './punchout.api.ts';
import { TransferCartButton } from './transfer-cart-button.tsx';

/** Above every page of a punchout session: whom the buyer shops for, and the way back to the procurement system. */
export function PunchoutBar() {
  const { t } = useTranslation('punchout');
  const punchout = usePunchout();
  if (!punchout) return null;
  return (
    <div className="border-b border-brand-200 bg-brand-50" data-testid="punchout-bar">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <p className="flex min-w-0 items-center gap-2 text-sm text-brand-900">
          <Building2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            {t('shoppingFor', { organisation: punchout.organisation })}
            {punchout.operation === 'inspect' && <span className="ms-2 font-medium">{t('inspectOnly')}</span>}
          </span>
        </p>
        <TransferCartButton size="sm" />
      </div>
    </div>
  );
}
