import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Home, LayoutGrid, Package, SearchX } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { HttpStatus } from '../ssr/render-response.ts';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <HttpStatus status={404} />
      <title>{t('notFoundTitle')}</title>
      <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <SearchX aria-hidden="true" className="h-8 w-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">{t('error404')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('notFoundHeading')}</h1>
      <p className="mt-4 max-w-md text-base text-slate-600">
        {t('notFoundText')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          <Home aria-hidden="true" className="h-4 w-4" /> {t('backHome')}
        </Link>
        <Link to="/products" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <Package aria-hidden="true" className="h-4 w-4" /> {t('browseProducts')}
        </Link>
        <Link to="/categories" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <LayoutGrid aria-hidden="true" className="h-4 w-4" /> {t('viewCategories')}
        </Link>
      </div>
    </section>
  );
}
