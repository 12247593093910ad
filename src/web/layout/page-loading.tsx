import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-logo.tsx';

/** Shown while the first route's code loads. */
export function PageLoading() {
  const { t: text } = useTranslation('layout');
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-slate-50">
      <BrandMark className="h-12 w-12 animate-pulse text-brand-700 motion-reduce:animate-none" />
      <span className="sr-only">{text('loadingShop')}</span>
    </div>
  );
}
