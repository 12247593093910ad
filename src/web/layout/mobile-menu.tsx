import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Info, Mail, X } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { PreferenceSwitcher } from '../i18n/preference-switcher.tsx';
import { HomeLink } from './brand-logo.tsx';
import type { NavLinkItem } from './nav-links.ts';
import { SearchBox } from '../search/search-box.tsx';

/** Slide-in sheet for small screens; a modal `<dialog>` gives focus trapping and Escape for free. */
export function MobileMenu({ open, onClose, links, focusSearch }: {
  open: boolean; onClose: () => void; links: NavLinkItem[]; focusSearch?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { t: text } = useTranslation('layout');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id="mobile-menu"
      aria-label={text('menu')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 start-0 m-0 h-full max-h-none w-[85vw] max-w-sm bg-white p-0 shadow-xl backdrop:bg-slate-900/50 open:animate-fade-in motion-reduce:open:animate-none"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <HomeLink onClick={onClose} />
          <Button variant="ghost" size="icon" aria-label={text('closeMenu')} onClick={onClose}>
            <X aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
        <div className="px-4 py-4">
          <SearchBox onSearch={onClose} autoFocus={focusSearch} />
        </div>
        <nav aria-label={text('mobileNav')} className="px-2">
          <ul className="space-y-1">
            {[...links, { to: '/about', label: text('aboutUs') }, { to: '/contact', label: text('contact') }].map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={onClose}
                  className="flex items-center justify-between rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                >
                  {link.label}
                  <ChevronRight aria-hidden="true" className="h-4 w-4 text-slate-400 rtl:-scale-x-100" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <PreferenceSwitcher className="mt-4 border-t border-slate-200 px-5 pt-4" />
        <div className="mt-auto space-y-2 border-t border-slate-200 px-5 py-4 text-sm text-slate-600">
          <p className="flex items-center gap-2">
            <Info aria-hidden="true" className="h-4 w-4 text-brand-700" /> {text('isoCertified')}
          </p>
          <p className="flex items-center gap-2">
            <Mail aria-hidden="true" className="h-4 w-4 text-brand-700" />
            <Link to="/quotes/new" onClick={onClose} className="font-medium text-brand-700 hover:underline">
              {text('requestQuote')}
            </Link>
          </p>
        </div>
      </div>
    </dialog>
  );
}
