import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useErrorText } from '../lib/error-text.ts';
import { useTransferCart } from './punchout.api.ts';

/** Sends the cart back to the procurement system, in place of checkout. */
export function TransferCartButton({ size = 'lg', className }: { size?: 'sm' | 'lg'; className?: string }) {
  const { t } = useTranslation('punchout');
  const failureText = useErrorText();
  const transfer = useTransferCart();
  const busy = transfer.isPending || transfer.isSuccess;
  return (
    <Button size={size} className={className} disabled={busy} data-testid="transfer-cart"
      onClick={() => transfer.mutate(undefined, { onError: (error) => notify.error(t('transferFailed'), failureText(error)) })}>
      <Send aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
      {busy ? t('transferring') : t('transferCart')}
    </Button>
  );
}
