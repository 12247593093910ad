import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, Search, ShoppingCart } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { useCartCount } from '../cart/use-cart-count.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';
import { BrandLogo } from './brand-logo.tsx';
import { CartBadge } from './cart-badge.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { navLinksFor } from './nav-links.ts';
import { UserMenuSlot } from './user-menu-slot.tsx';
import { SearchBox } from '../search/search-box.tsx';

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchFirst, setSearchFirst] = useState(false);
  const cartCount = useCartCount();
  const navLinks = navLinksFor(useCurrentUser().user);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:gap-6 lg:px-8">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => {
            setSearchFirst(false);
            setMenuOpen(true);
          }}
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
        </Button>

        <Link to="/" aria-label="Sialkot Surgical home" className="rounded-md">
          <BrandLogo />
        </Link>

        <SearchBox className="hidden max-w-md flex-1 md:block" />

        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cx(
                  'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-0.5 sm:gap-1 md:ml-0">
          <Link
            to="/cart"
            aria-label={cartCount > 0 ? `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}` : 'Cart'}
            title="Cart"
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'relative' })}
          >
            <ShoppingCart aria-hidden="true" className="h-5 w-5" />
            <CartBadge count={cartCount} />
          </Link>
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Search" title="Search"
            onClick={() => {
              setSearchFirst(true);
              setMenuOpen(true);
            }}>
            <Search aria-hidden="true" className="h-5 w-5" />
          </Button>
          <UserMenuSlot />
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} links={navLinks} focusSearch={searchFirst} />
    </header>
  );
}
