import { useState } from 'react';
import type { ProductDetail } from '#contracts/catalog';
import { cx } from '../lib/class-names.ts';
import { ProductImage } from './product-image.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { catalogMessages } from './messages.ts';

/** The main image plus up to 3 more. */
export const GALLERY_MAX = 4;

export function galleryImages(product: Pick<ProductDetail, 'main_image' | 'images' | 'name'>): Array<{ url: string; alt: string }> {
  const images = [{ url: product.main_image, alt: product.name }];
  for (const image of product.images) {
    if (images.length >= GALLERY_MAX) break;
    if (image.image_url && !images.some((i) => i.url === image.image_url)) {
      images.push({ url: image.image_url, alt: image.alt || product.name });
    }
  }
  return images.filter((i) => i.url);
}

export function ProductGallery({ product }: { product: ProductDetail }) {
  const images = galleryImages(product);
  const [selected, setSelected] = useState(0);
  const t = useMessages(catalogMessages);
  const current = images[selected] ?? images[0] ?? { url: '', alt: product.name };

  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-2xl border border-slate-200 bg-gradient-to-br from-white to-brand-50">
        <ProductImage src={current.url} alt={current.alt} loading="eager" className="h-full w-full p-6 sm:p-10" />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-3" aria-label={t.productImages}>
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t.showImage(index + 1, images.length)}
                aria-pressed={index === selected}
                className={cx(
                  'block aspect-square w-full overflow-hidden rounded-lg border-2 bg-white transition',
                  index === selected ? 'border-brand-600' : 'border-slate-200 hover:border-brand-300',
                )}
              >
                <ProductImage src={image.url} alt="" className="h-full w-full p-1.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
