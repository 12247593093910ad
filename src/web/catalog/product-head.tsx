import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProductDetail } from '#contracts/catalog';
import type { Crumb } from '../components/ui/breadcrumb.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { PageMeta } from '../seo/page-meta.tsx';
import { pageUrl } from '../seo/page-url.ts';
import { useSiteOrigin } from '../seo/site.ts';
import { breadcrumbs, product as productData } from '../seo/structured-data.ts';
import { reviewsQuery } from './catalog.api.ts';

export const productPath = (slug: string) => `/products/${encodeURIComponent(slug)}`;

/** The product page's head (the staff's SEO title and description when set) and its structured data with the latest reviews. */
export function ProductHead({ product, crumbs }: { product: ProductDetail; crumbs: Crumb[] }) {
  const { t } = useTranslation('catalog');
  const origin = useSiteOrigin();
  const reviews = useInfiniteQuery(reviewsQuery(product.slug));
  const pathname = productPath(product.slug);
  return (
    <>
      <PageMeta
        type="product"
        title={product.meta_title || `${product.name} — ${t('shopName')}`}
        description={product.meta_description || product.short_description}
        pathname={pathname}
        image={product.images[0]?.image_url ?? product.main_image}
      />
      <JsonLd
        data={[
          productData(origin, pageUrl(origin, pathname, [], 'en'), product, reviews.data?.pages[0]?.results ?? []),
          breadcrumbs(origin, crumbs),
        ]}
      />
    </>
  );
}
