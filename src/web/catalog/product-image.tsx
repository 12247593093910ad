import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

/** A product picture that falls back to a neutral placeholder when the file cannot be loaded. */
export function ProductImage({ src, alt, className, loading = 'lazy' }: { src: string; alt: string; className?: string; loading?: 'lazy' | 'eager' }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <div role="img" aria-label={alt} className={cx('flex items-center justify-center bg-slate-100 text-slate-400', className)}>
        <ImageOff aria-hidden="true" className="h-8 w-8" />
      </div>
    );
  }
  return <img src={src} alt={alt} loading={loading} onError={() => setFailedSrc(src)} className={cx('object-contain', className)} />;
}
