import { useRef, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import { Building2, ClipboardList, FileText, Heart, ListChecks, LogOut, Package, Settings, ShieldCheck, UserRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { notify } from '../components/ui/notify.ts';
import { useEndSession, useLogoutMutation } from './auth.api.ts';
import { staffPagesFor } from '../staff/staff-pages.ts';
import type { CurrentUser } from './normalize-user.ts';
import { fullNameOf, USER_MENU_BUTTON_CLASSES, UserMenuFace } from './user-menu-face.tsx';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

function MenuLink({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: string }) {
  return (
    <DropdownMenu.Item asChild className={itemClasses}>
      <Link to={to}>
        <Icon aria-hidden="true" className="h-4 w-4 text-slate-500" />
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

export const USER_MENU_NAMESPACES = ['auth', 'quotes', 'staff-menu', 'licences', 'reorder-lists', 'quick-order'] as const;

interface UserMenuProps {
  user: CurrentUser;
  defaultOpen?: boolean;
  openedByKeyboard?: boolean;
  autoFocus?: boolean;
}

/**
 * The signed-in corner of the top bar: who is signed in, their pages and Sign Out. `defaultOpen`, `openedByKeyboard`
 * and `autoFocus` carry over what the visitor did to the stand-in button while this code loaded.
 */
export function UserMenu({ user, defaultOpen, openedByKeyboard, autoFocus }: UserMenuProps) {
  const navigate = useNavigate();
  const signOut = useLogoutMutation();
  const endSession = useEndSession();
  const fullName = fullNameOf(user);
  const { t: quotes } = useTranslation('quotes');
  const { t: staffMenu } = useTranslation('staff-menu');
  const { t: licences } = useTranslation('licences');
  const { t: reorder } = useTranslation('reorder-lists');
  const { t: quickOrder } = useTranslation('quick-order');
  const { t } = useTranslation('auth');

  // Radix moves to the first item only when it saw the key press itself; this menu mounted after it.
  const firstItemPending = useRef(openedByKeyboard === true);
  function focusFirstItem(event: FocusEvent<HTMLDivElement>) {
    if (!firstItemPending.current || event.target !== event.currentTarget) return;
    firstItemPending.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }

  async function onSignOut() {
    try {
      await signOut.mutateAsync();
    } catch {
      // The session ends on this device whatever the server answered.
    }
    // Leave the page first (committed at once, not in a transition), so a guarded page cannot send the user to
    // /login on the way out.
    await navigate('/', { flushSync: true });
    endSession();
    notify.success(t('loggedOut'));
  }

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={t('accountMenuFor', { name: fullName })} autoFocus={autoFocus} className={USER_MENU_BUTTON_CLASSES}>
        <UserMenuFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          onFocus={focusFirstItem}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-slate-900">{fullName}</span>
            <span dir="ltr" className="block truncate text-start text-xs text-slate-500">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <MenuLink to="/account" icon={UserRound}>
            {t('myAccount')}
          </MenuLink>
          <MenuLink to="/profile/settings" icon={Settings}>
            {t('profileSettings')}
          </MenuLink>
          <MenuLink to="/orders" icon={Package}>
            {t('myOrders')}
          </MenuLink>
          <MenuLink to="/wishlist" icon={Heart}>
            {t('myWishlist')}
          </MenuLink>
          <MenuLink to="/profile/reorder-lists" icon={ListChecks}>
            {reorder('menuReorderLists')}
          </MenuLink>
          <MenuLink to="/quick-order" icon={ClipboardList}>
            {quickOrder('menuQuickOrder')}
          </MenuLink>
          {user.accountType === 'business' && (
            <MenuLink to="/profile/licences" icon={ShieldCheck}>
              {licences('menuLicences')}
            </MenuLink>
          )}
          {user.accountType === 'business' && (
            <MenuLink to="/profile/organisation" icon={Building2}>
              {t('myOrganisation')}
            </MenuLink>
          )}
          {user.accountType === 'business' && (
            <MenuLink to="/profile/quotes" icon={FileText}>
              {quotes('menuQuotes')}
            </MenuLink>
          )}
          {staffPagesFor(user).map((page) => (
            <MenuLink key={page.to} to={page.to} icon={page.icon}>
              {staffMenu(page.label)}
            </MenuLink>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} disabled={signOut.isPending} onSelect={() => void onSignOut()}>
            <LogOut aria-hidden="true" className="h-4 w-4 text-slate-500" />
            {t('signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
