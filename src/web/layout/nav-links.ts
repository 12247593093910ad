import type { CurrentUser } from '../auth/normalize-user.ts';
import { staffAccess } from '#contracts/staff-roles';
import { mayOpen } from '../staff/staff-pages.ts';
import type { TFunction } from 'i18next';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The main links, plus Inventory for those who run the stock. */
export function navLinksFor(user: CurrentUser | null, text: TFunction<'layout'>): NavLinkItem[] {
  const links = [{ to: '/products', label: text('products') }, { to: '/categories', label: text('categories') }];
  return mayOpen(user, staffAccess.fulfilment) ? [...links, { to: '/inventory', label: text('inventory') }] : links;
}
