import { Link } from 'react-router';
import { BrandLogo } from './brand-logo.tsx';

const LINKS = [
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/orders', label: 'My Orders' },
];

/** The compact footer, for pages whose route does not bring its own. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <Link to="/" aria-label="Sialkot Surgical home" className="self-start rounded-md">
          <BrandLogo />
        </Link>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-600">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-500">© {new Date().getFullYear()} Sialkot Surgical</p>
      </div>
    </footer>
  );
}
