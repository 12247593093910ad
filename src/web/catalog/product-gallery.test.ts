import { describe, expect, it } from 'vitest';
import { galleryImages } from './product-gallery.tsx';

const drawing = (id: number, url: string, alt: string) => ({ id, image_url: url, alt, srcset: '', width: null, height: null });
const product = {
  name: 'Metzenbaum Scissors', main_image: '/media/mz.svg',
  images: [drawing(1, '/media/mz.svg', ''), drawing(2, '/media/mz-2.svg', 'Angled view')],
};

describe('the product gallery', () => {
  it("shows the product's photos, the main one first", () => {
    expect(galleryImages(product).map((image) => image.url)).toEqual(['/media/mz.svg', '/media/mz-2.svg']);
  });

  it("puts the chosen variant's own photo first, named with its size", () => {
    expect(galleryImages(product, { image: '/media/mz-23.svg', label: '23 cm · Curved' })[0])
      .toEqual({ url: '/media/mz-23.svg', alt: 'Metzenbaum Scissors · 23 cm · Curved', srcset: '', width: null, height: null });
    expect(galleryImages(product, { image: null, label: '14 cm' })[0]!.url).toBe('/media/mz.svg');
  });

  it('keeps an uploaded photo\'s srcset and size, the main one too', () => {
    const photo = { id: 9, image_url: '/media/photos/9/960.webp', alt: 'Open', srcset: '/media/photos/9/320.webp 320w', width: 1200, height: 900 };
    const images = galleryImages({ ...product, main_image: photo.image_url, images: [photo, ...product.images] });
    expect(images[0]).toEqual({ url: photo.image_url, alt: 'Metzenbaum Scissors', srcset: photo.srcset, width: 1200, height: 900 });
    expect(images[1]).toMatchObject({ url: '/media/mz.svg', srcset: '' });
  });
});
