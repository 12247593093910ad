import { canManageInventory, type CurrentUser } from '../auth/normalize-user.ts';

export const NAV_LINKS = [
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
] as const;

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The main links, plus Inventory for staff and superusers. */
export function navLinksFor(user: CurrentUser | null): NavLinkItem[] {
  return user && canManageInventory(user) ? [...NAV_LINKS, { to: '/inventory', label: 'Inventory' }] : [...NAV_LINKS];
}
