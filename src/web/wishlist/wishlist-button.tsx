import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Heart, LoaderCircle } from 'lucide-react';
import { useStoredToken } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { cx } from '../lib/class-names.ts';
import { useToggleWishlist, wishlistQuery } from './wishlist.api.ts';
import { useErrorText } from '../lib/error-text.ts';

export interface WishlistButtonProps {
  /** The product to save; anything without a usable id is refused with a toast. */
  product: { id: number; name: string } | null | undefined;
  /** The size or version chosen on the product page: the heart is then that variant's. A card saves the product's first. */
  variantId?: number;
  size?: 'sm' | 'lg';
  className?: string;
}

/** A heart that adds the product to the signed-in user's wishlist, or takes it out. */
export function WishlistButton({ product, variantId, size = 'sm', className }: WishlistButtonProps) {
  const { t } = useTranslation('wishlist');
  const errorText = useErrorText();
  const signedIn = useStoredToken() !== null;
  const { data } = useQuery({ ...wishlistQuery(), enabled: signedIn });
  const toggle = useToggleWishlist();
  const savedItem = data?.items.find((item) => item.productId === product?.id && (variantId === undefined || item.variant_id === variantId));
  const saved = Boolean(product && savedItem);

  const onClick = () => {
    if (!signedIn) {
      notify.error(t('signInTitle'), t('signInText'));
      return;
    }
    if (!product || !Number.isInteger(product.id) || product.id <= 0 || !product.name) {
      notify.error(t('errorTitle'), t('productMissing'));
      return;
    }
    toggle.mutate(
      { productId: product.id, variantId, savedItemId: savedItem?.id },
      {
        onSuccess: () => notify.success(saved ? t('removed') : t('added'), product.name),
        onError: (error) =>
          notify.error(t('notUpdated'), errorText(error)),
      },
    );
  };

  return (
    <button
      type="button"
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-lg border shadow-sm transition-colors disabled:opacity-60',
        size === 'lg' ? 'h-12 w-12' : 'h-9 w-9',
        saved ? 'border-rose-300 bg-rose-50 hover:bg-rose-100' : 'border-slate-300 bg-white hover:border-rose-300 hover:bg-rose-50',
        className,
      )}
      aria-pressed={saved}
      aria-label={`${saved ? t('removeLabel') : t('addLabel')}${product?.name ? `: ${product.name}` : ''}`}
      disabled={toggle.isPending}
      onClick={onClick}
    >
      {toggle.isPending ? (
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <Heart aria-hidden="true" className={cx('h-4 w-4', saved ? 'fill-rose-600 text-rose-600' : 'text-slate-600')} />
      )}
    </button>
  );
}
