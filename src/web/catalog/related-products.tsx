import { useTranslation } from 'react-i18next';
import { useDeferredValue } from 'react';
import type { ProductListItem } from '#contracts/catalog';
import { ProductBuyButton } from '../cart/product-buy-button.tsx';
import { ProductCard } from './product-card.tsx';

const NONE: ProductListItem[] = [];

export function RelatedProducts({ products: latest }: { products: ProductListItem[] }) {
  const { t } = useTranslation('catalog');
  // Below the fold: the cards render in a background pass after the product itself, so they never delay its first paint.
  const products = useDeferredValue(latest, NONE);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        {t('relatedProducts')}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} actions={<ProductBuyButton product={product} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}
