import { Link } from 'react-router';
import { Home, LayoutGrid, Package, SearchX } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>Page not found — Sialkot Surgical</title>
      <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <SearchX aria-hidden="true" className="h-8 w-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Oops! Page not found</h1>
      <p className="mt-4 max-w-md text-base text-slate-600">
        The page you are looking for may have been moved or no longer exists. Check the address, or continue from one
        of these pages.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          <Home aria-hidden="true" className="h-4 w-4" /> Back to home
        </Link>
        <Link to="/products" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <Package aria-hidden="true" className="h-4 w-4" /> Browse products
        </Link>
        <Link to="/categories" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          <LayoutGrid aria-hidden="true" className="h-4 w-4" /> View categories
        </Link>
      </div>
    </section>
  );
}
