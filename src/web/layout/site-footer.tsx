import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../i18n/use-format.ts';
import { HomeLink } from './brand-logo.tsx';
import { CLEAR_FLOATING } from './bottom-bar.ts';

const LINKS = [
  { to: '/products', key: 'products' },
  { to: '/categories', key: 'categories' },
  { to: '/about', key: 'about' },
  { to: '/contact', key: 'contact' },
  { to: '/orders', key: 'myOrders' },
] as const;

/** The compact footer, for pages whose route does not bring its own. */
export function SiteFooter() {
  const { t: text } = useTranslation('layout');
  const f = useFormat();
  return (
    <footer className={`border-t border-slate-200 bg-white ${CLEAR_FLOATING}`}>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <HomeLink className="self-start" />
        <nav aria-label={text('footerNav')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-600">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-700">
                  {text(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-500">© {f.number(new Date().getFullYear(), { useGrouping: false })} {text('brandName')}</p>
      </div>
    </footer>
  );
}
