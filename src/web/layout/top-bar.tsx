import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, Search, ShoppingCart } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { useCartCount } from '../cart/use-cart-count.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';
import { HomeLink } from './brand-logo.tsx';
import { CartBadge } from './cart-badge.tsx';
import { navLinksFor, type NavLinkItem } from './nav-links.ts';
import { UserMenuSlot } from './user-menu-slot.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { PreferenceMenu } from '../i18n/preference-switcher.tsx';
import { onFirstUse } from '../lib/on-first-use.ts';

// The small screens' menu loads when a visitor reaches for one of the buttons that open it.
const mobileMenu = onFirstUse(() => import('./mobile-menu.tsx'));

/** Until its code is here the menu is an empty closed dialog, so the buttons' aria-controls names it all along. */
function DeferredMobileMenu(props: { open: boolean; onClose: () => void; links: NavLinkItem[]; focusSearch: boolean }) {
  const loaded = mobileMenu.useLoaded();
  const { t: text } = useTranslation('layout');
  useEffect(() => {
    if (props.open) mobileMenu.preload();
  }, [props.open]);
  if (loaded) return <loaded.MobileMenu {...props} />;
  return <dialog id="mobile-menu" aria-label={text('menu')} />;
}

const preloadMenu = { onPointerEnter: mobileMenu.preload, onPointerDown: mobileMenu.preload, onFocus: mobileMenu.preload };

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchFirst, setSearchFirst] = useState(false);
  const cartCount = useCartCount();
  const { t: text } = useTranslation('layout');
  const navLinks = navLinksFor(useCurrentUser().user, text);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:gap-4 lg:px-8 xl:gap-6">
        <Button
          variant="ghost"
          size="icon"
          className="-ms-2 md:hidden"
          aria-label={text('openMenu')}
          data-needs-script
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          {...preloadMenu}
          onClick={() => {
            setSearchFirst(false);
            setMenuOpen(true);
          }}
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
        </Button>

        <HomeLink />

        <SearchBox className="hidden max-w-md min-w-0 flex-1 md:block" />

        <nav aria-label={text('mainNav')} className="ms-auto hidden shrink-0 items-center md:flex xl:gap-1">
          {navLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cx(
                  'rounded-lg px-2.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors xl:px-3',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <PreferenceMenu className="hidden md:block" />

        <div className="ms-auto flex items-center gap-0.5 sm:gap-1 md:ms-0">
          <Link
            to="/cart"
            aria-label={cartCount > 0 ? text('cartWithItems', { count: cartCount }) : text('cart')}
            title={text('cart')}
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'relative' })}
          >
            <ShoppingCart aria-hidden="true" className="h-5 w-5" />
            <CartBadge count={cartCount} />
          </Link>
          <Button variant="ghost" size="icon" className="md:hidden" aria-label={text('search')} title={text('search')} data-needs-script {...preloadMenu}
            onClick={() => {
              setSearchFirst(true);
              setMenuOpen(true);
            }}>
            <Search aria-hidden="true" className="h-5 w-5" />
          </Button>
          <UserMenuSlot />
        </div>
      </div>
      <DeferredMobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} links={navLinks} focusSearch={searchFirst} />
    </header>
  );
}
