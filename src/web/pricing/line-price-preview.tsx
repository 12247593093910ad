import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/use-format.ts';
import { LinePriceText } from './line-price-text.tsx';
import { linePriceQuery } from './pricing.api.ts';

/**
 * Beside the quantity chosen on the product page, before adding: what that many cost, priced by the server exactly as
 * the cart will ("10 for $314.55 · 9 at $29.99, the rest at $44.64"). One unit needs no preview: the price shows it.
 */
export function LinePricePreview({ productId, variantId, quantity }: { productId: number; variantId?: number; quantity: number }) {
  const { t } = useTranslation('pricing');
  const f = useFormat();
  const price = useQuery({ ...linePriceQuery({ product_id: productId, variant_id: variantId, quantity }), enabled: quantity > 1 });
  const shown = quantity > 1 ? price.data : undefined;
  return (
    <p aria-live="polite" data-testid="line-price-preview" className="mt-2 text-sm text-slate-700 empty:hidden">
      {shown && (
        <>
          <span className="font-semibold text-slate-900">{t('previewTotal', { quantity: f.number(shown.quantity), total: f.price(shown.total_price) })}</span>
          {' · '}
          <LinePriceText line={shown} />
        </>
      )}
    </p>
  );
}
