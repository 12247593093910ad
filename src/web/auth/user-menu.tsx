import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import {
  AlertOctagon, Building2, ChevronDown, ClipboardList, FileText, Heart, ListChecks, LogOut, Package, Settings, ShieldCheck, UserRound, Warehouse, Zap,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { notify } from '../components/ui/notify.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { quoteMessages } from '../quotes/messages.ts';
import { licenceMessages } from '../licences/messages.ts';
import { organisationMenuMessages } from '../organisations/menu-messages.ts';
import { reorderMessages } from '../reorder-lists/messages.ts';
import { recallMessages } from '../recalls/messages.ts';
import { flashSaleMenuMessages } from '../flash-sales/menu-messages.ts';
import { useEndSession, useLogoutMutation } from './auth.api.ts';
import { canManageInventory, type CurrentUser } from './normalize-user.ts';
import { authMessages } from './messages.ts';

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

function initials(user: CurrentUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();
}

/** The signed-in corner of the top bar: who is signed in, their pages and Sign Out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const signOut = useLogoutMutation();
  const endSession = useEndSession();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const quotes = useMessages(quoteMessages);
  const recalls = useMessages(recallMessages);
  const flashSales = useMessages(flashSaleMenuMessages);
  const licences = useMessages(licenceMessages);
  const organisations = useMessages(organisationMenuMessages);
  const reorder = useMessages(reorderMessages);
  const t = useMessages(authMessages);

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
    notify.success(t.loggedOut);
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t.accountMenuFor(fullName)}
        className="inline-flex h-10 items-center gap-2 rounded-lg pe-1 ps-1 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 sm:pe-2"
      >
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
          {initials(user)}
        </span>
        <span className="hidden max-w-32 truncate xl:inline">{user.firstName}</span>
        <ChevronDown aria-hidden="true" className="hidden h-4 w-4 text-slate-500 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-slate-900">{fullName}</span>
            <span dir="ltr" className="block truncate text-start text-xs text-slate-500">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <MenuLink to="/account" icon={UserRound}>
            {t.myAccount}
          </MenuLink>
          <MenuLink to="/profile/settings" icon={Settings}>
            {t.profileSettings}
          </MenuLink>
          <MenuLink to="/orders" icon={Package}>
            {t.myOrders}
          </MenuLink>
          <MenuLink to="/wishlist" icon={Heart}>
            {t.myWishlist}
          </MenuLink>
          <MenuLink to="/profile/reorder-lists" icon={ListChecks}>
            {reorder.menuReorderLists}
          </MenuLink>
          {user.accountType === 'business' && (
            <MenuLink to="/profile/licences" icon={ShieldCheck}>
              {licences.menuLicences}
            </MenuLink>
          )}
          {user.accountType === 'business' && (
            <MenuLink to="/profile/quotes" icon={FileText}>
              {quotes.menuQuotes}
            </MenuLink>
          )}
          {canManageInventory(user) && (
            <MenuLink to="/inventory" icon={Warehouse}>
              {t.inventory}
            </MenuLink>
          )}
          {canManageInventory(user) && (
            <MenuLink to="/staff/orders" icon={ClipboardList}>
              {t.manageOrders}
            </MenuLink>
          )}
          {canManageInventory(user) && (
            <MenuLink to="/staff/quotes" icon={FileText}>
              {quotes.menuStaffQuotes}
            </MenuLink>
          )}
          {canManageInventory(user) && (
            <MenuLink to="/staff/licences" icon={ShieldCheck}>
              {licences.menuStaffLicences}
            </MenuLink>
          )}
          {canManageInventory(user) && (
            <MenuLink to="/staff/recalls" icon={AlertOctagon}>
              {recalls.menu}
            </MenuLink>
          )}
          {canManageInventory(user) && (
            <MenuLink to="/staff/flash-sales" icon={Zap}>
              {flashSales.menuFlashSales}
            </MenuLink>
          )}
          {canManageInventory(user) && (
            <MenuLink to="/staff/organisations" icon={Building2}>
              {organisations.menuOrganisations}
            </MenuLink>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} disabled={signOut.isPending} onSelect={() => void onSignOut()}>
            <LogOut aria-hidden="true" className="h-4 w-4 text-slate-500" />
            {t.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
