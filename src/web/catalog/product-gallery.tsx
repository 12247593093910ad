import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { ProductDetail, ProductVariant } from '#contracts/catalog';
import { cx } from '../lib/class-names.ts';
import { ProductImage } from './product-image.tsx';
import { withVariant } from './with-variant.ts';

/** The main image plus up to 3 more. */
export const GALLERY_MAX = 4;

export interface GalleryImage {
  url: string;
  alt: string;
  /** An uploaded photo's srcset and size; '' and null for a drawing or a variant's own picture. */
  srcset: string;
  width: number | null;
  height: number | null;
}

/** The main picture beside the product's details: the whole width on a phone, half the page from lg on. */
const MAIN_SIZES = '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw';
const THUMBNAIL_SIZES = '120px';

/** The gallery: the chosen variant's own photo first when it has one, then the product's. */
export function galleryImages(
  product: Pick<ProductDetail, 'main_image' | 'images' | 'name'>, variant?: Pick<ProductVariant, 'image' | 'label'>,
): GalleryImage[] {
  const plain = (url: string, alt: string): GalleryImage => ({ url, alt, srcset: '', width: null, height: null });
  const photo = (image: ProductDetail['images'][number], alt: string): GalleryImage => ({
    url: image.image_url, alt, srcset: image.srcset, width: image.width, height: image.height,
  });
  const main = product.images.find((image) => image.image_url === product.main_image);
  const images = [
    ...(variant?.image ? [plain(variant.image, withVariant(product.name, variant.label))] : []),
    main ? photo(main, product.name) : plain(product.main_image, product.name),
  ];
  for (const image of product.images) {
    if (images.length >= GALLERY_MAX) break;
    if (image.image_url && !images.some((i) => i.url === image.image_url)) images.push(photo(image, image.alt || product.name));
  }
  return images.filter((i) => i.url);
}

export function ProductGallery({ product, variant }: { product: ProductDetail; variant?: ProductVariant }) {
  const images = galleryImages(product, variant);
  const [selected, setSelected] = useState(0);
  const { t } = useTranslation('catalog');
  const current = images[selected] ?? images[0] ?? { url: '', alt: product.name, srcset: '', width: null, height: null };

  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-2xl border border-slate-200 bg-gradient-to-br from-white to-brand-50">
        <ProductImage
          src={current.url}
          srcset={current.srcset}
          sizes={MAIN_SIZES}
          width={current.width}
          height={current.height}
          alt={current.alt}
          priority
          className="h-full w-full p-6 sm:p-10"
        />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-3" aria-label={t('productImages')}>
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t('showImage', { n: index + 1, total: images.length })}
                aria-pressed={index === selected}
                className={cx(
                  'block aspect-square w-full overflow-hidden rounded-lg border-2 bg-white transition',
                  index === selected ? 'border-brand-600' : 'border-slate-200 hover:border-brand-300',
                )}
              >
                <ProductImage src={image.url} srcset={image.srcset} sizes={THUMBNAIL_SIZES} alt="" className="h-full w-full p-1.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
