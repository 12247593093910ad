import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Home, RotateCw, TriangleAlert } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { BrandLogo } from '../layout/brand-logo.tsx';
import { useErrorText } from '../lib/error-text.ts';

/** Replaces the whole shell when a route fails to render, so it must not depend on the layout. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const errorText = useErrorText();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{t('errorTitle')}</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Link to="/" aria-label={t('home')} className="rounded-md">
            <BrandLogo />
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-red-50 text-red-600 ring-1 ring-red-100">
          <TriangleAlert aria-hidden="true" className="h-8 w-8" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{t('errorHeading')}</h1>
        <p className="mt-3 text-slate-600">
          {t('errorText')}
        </p>
        <p className="mt-4 max-w-full overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          {errorText(error)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" className="h-4 w-4" /> {t('reload')}
          </Button>
          <a href="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            <Home aria-hidden="true" className="h-4 w-4" /> {t('backHome')}
          </a>
        </div>
      </main>
    </div>
  );
}
