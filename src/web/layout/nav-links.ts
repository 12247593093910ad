import { canManageInventory, type CurrentUser } from '../auth/normalize-user.ts';
import type { messages } from './messages.ts';

type LayoutText = (typeof messages)['en'];

export interface NavLinkItem {
  to: string;
  label: string;
}

/** The main links, plus Inventory for staff and superusers. */
export function navLinksFor(user: CurrentUser | null, text: LayoutText): NavLinkItem[] {
  const links = [{ to: '/products', label: text.products }, { to: '/categories', label: text.categories }];
  return user && canManageInventory(user) ? [...links, { to: '/inventory', label: text.inventory }] : links;
}
