import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CartItem } from '#contracts/cart';
import { productQuery } from '../catalog/catalog.api.ts';
import { productPath } from '../catalog/product-card.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { ProductBuyButton } from './product-buy-button.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { DataText } from '../components/ui/data-text.tsx';

/** What is bought with the first item in the cart, from the catalogue; nothing when there is nothing to suggest. */
export function FrequentlyBoughtTogether({ items }: { items: CartItem[] }) {
  const { t } = useTranslation('cart');
  const { t: catalog } = useTranslation('catalog');
  const f = useFormat();
  const first = items[0];
  const product = useQuery({ ...productQuery(first?.product_slug ?? ''), enabled: first !== undefined });
  const inCart = new Set(items.map((item) => item.product_id));
  const suggestions = (product.data?.frequently_bought_together ?? []).filter((suggestion) => !inCart.has(suggestion.id));
  if (suggestions.length === 0) return null;

  return (
    <section aria-labelledby="bought-together-heading" className="lg:mt-8">
      <h2 id="bought-together-heading" className="text-lg font-bold text-slate-900">
        {t('boughtTogether')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('oftenOrderedWith', { name: first?.product_name ?? '' })}</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <Link to={productPath(suggestion.slug)} tabIndex={-1} aria-hidden="true" className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-slate-50">
              <ProductImage src={suggestion.main_image} alt="" className="h-full w-full p-1" />
            </Link>
            <div className="flex min-w-0 flex-1 flex-col">
              <DataText as={Link} to={productPath(suggestion.slug)} className="line-clamp-2 text-sm font-semibold text-slate-900 hover:text-brand-800 hover:underline">
                {suggestion.name}
              </DataText>
              <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
                <span className="font-bold text-slate-900">
                  {suggestion.price_max === suggestion.price ? f.price(suggestion.price) : catalog('fromPrice', { price: f.price(suggestion.price) })}
                </span>
                <ProductBuyButton product={suggestion} className="" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
