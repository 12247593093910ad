import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { avifSrcset } from '#contracts/catalog';
import { cx } from '../lib/class-names.ts';

export interface ProductImageProps {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The page's largest picture, fetched first: loaded at once, at high priority. */
  priority?: boolean;
  /** An uploaded photo's WebP srcset ('' for a drawing): the browser then picks AVIF or WebP at the width it needs. */
  srcset?: string;
  /** How wide the image is shown, for choosing from the srcset. */
  sizes?: string;
  /** The file's own size; a drawing without one is laid out as a square, the box every product picture sits in. */
  width?: number | null;
  height?: number | null;
}

const SQUARE = 400;

/** A product picture that falls back to a neutral placeholder when the file cannot be loaded; with an empty alt the placeholder is decorative and hidden from screen readers, as an <img alt=""> is. */
export function ProductImage({ src, alt, className, loading = 'lazy', priority = false, srcset = '', sizes, width, height }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <div {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })} className={cx('flex items-center justify-center bg-slate-100 text-slate-400', className)}>
        <ImageOff aria-hidden="true" className="h-8 w-8" />
      </div>
    );
  }
  const image = (
    <img
      src={src}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      width={width ?? SQUARE}
      height={height ?? SQUARE}
      onError={() => setFailedSrc(src)}
      className={cx('object-contain', className)}
    />
  );
  if (!srcset) return image;
  // `contents`: the picture takes no box of its own, so the image sizes itself in the parent as a plain <img> would.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avifSrcset(srcset)} sizes={sizes} />
      <source type="image/webp" srcSet={srcset} sizes={sizes} />
      {image}
    </picture>
  );
}
