import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image.tsx';

const srcset = '/media/photos/7/320.webp 320w, /media/photos/7/640.webp 640w';

describe('ProductImage', () => {
  it('offers an uploaded photo as AVIF and WebP at every width, with its size', () => {
    const { container } = render(
      <ProductImage src="/media/photos/7/640.webp" srcset={srcset} sizes="50vw" width={1200} height={800} alt="Needle holder, open" />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')])).toEqual([
      ['image/avif', '/media/photos/7/320.avif 320w, /media/photos/7/640.avif 640w', '50vw'],
      ['image/webp', srcset, '50vw'],
    ]);
    const image = container.querySelector('picture > img')!;
    expect(image.getAttribute('src')).toBe('/media/photos/7/640.webp');
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('alt')]).toEqual(['1200', '800', 'Needle holder, open']);
  });

  it('keeps a drawing a single picture', () => {
    const { container } = render(<ProductImage src="/media/instruments/forceps/adson-1.svg" alt="" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/media/instruments/forceps/adson-1.svg');
  });

  it('names a missing photo by its alt text, and hides a decorative one from screen readers', () => {
    const named = render(<ProductImage src="" alt="Mayo scissors" />).container.firstElementChild!;
    expect([named.getAttribute('role'), named.getAttribute('aria-label')]).toEqual(['img', 'Mayo scissors']);
    const decorative = render(<ProductImage src="" alt="" />).container.firstElementChild!;
    expect([decorative.getAttribute('role'), decorative.getAttribute('aria-hidden')]).toEqual([null, 'true']);
  });
});
