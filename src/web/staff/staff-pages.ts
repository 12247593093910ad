import {
  AlertOctagon, BarChart3, BellRing, Building2, ClipboardList, FileText, ListChecks, Mail, Package, RotateCcw, ScrollText, Settings, ShieldCheck,
  TicketPercent, Truck, Users, UsersRound, Warehouse, Zap,
  type LucideIcon,
} from 'lucide-react';
import { staffAccess, staffMayUse, type StaffRole } from '#contracts/staff-roles';
import type staffMenu from '../locales/en/staff-menu.json';
import type { CurrentUser } from '../auth/normalize-user.ts';

export interface StaffPage {
  to: string;
  label: keyof typeof staffMenu;
  icon: LucideIcon;
  /** The roles besides the owner that open it: the same list its routes' contracts name. */
  access: readonly StaffRole[];
}

/** Every staff screen, in the order of the staff menu. */
export const staffPages: readonly StaffPage[] = [
  { to: '/staff/products', label: 'products', icon: Package, access: staffAccess.catalogue },
  { to: '/inventory', label: 'inventory', icon: Warehouse, access: staffAccess.fulfilment },
  { to: '/staff/orders', label: 'orders', icon: ClipboardList, access: staffAccess.ordersRead },
  { to: '/staff/recalls', label: 'recalls', icon: AlertOctagon, access: staffAccess.fulfilment },
  { to: '/staff/returns', label: 'returns', icon: RotateCcw, access: staffAccess.ordersRead },
  { to: '/staff/reports', label: 'reports', icon: BarChart3, access: staffAccess.reports },
  { to: '/staff/quotes', label: 'quotes', icon: FileText, access: staffAccess.sales },
  { to: '/staff/private-label', label: 'privateLabel', icon: FileText, access: staffAccess.sales },
  { to: '/staff/customers', label: 'customers', icon: Users, access: staffAccess.allStaff },
  { to: '/staff/cart-reminders', label: 'cartReminders', icon: BellRing, access: staffAccess.sales },
  { to: '/staff/organisations', label: 'organisations', icon: Building2, access: staffAccess.customersRead },
  { to: '/staff/licences', label: 'licences', icon: ShieldCheck, access: staffAccess.customersRead },
  { to: '/staff/flash-sales', label: 'flashSales', icon: Zap, access: staffAccess.catalogue },
  { to: '/staff/members', label: 'members', icon: UsersRound, access: staffAccess.owner },
  { to: '/staff/categories', label: 'categories', icon: ListChecks, access: staffAccess.catalogue },
  { to: '/staff/promo-codes', label: 'promoCodes', icon: TicketPercent, access: staffAccess.catalogue },
  { to: '/staff/exchange-rates', label: 'exchangeRates', icon: Settings, access: staffAccess.catalogue },
  { to: '/staff/shipping', label: 'shipping', icon: Truck, access: staffAccess.catalogue },
  { to: '/staff/mail', label: 'mail', icon: Mail, access: staffAccess.mail },
  { to: '/staff/audit', label: 'audit', icon: ScrollText, access: staffAccess.auditRead },
];

/** Whether the signed-in person may open a staff screen open to `access` (the owner opens every one). */
export function mayOpen(user: CurrentUser | null, access: readonly StaffRole[]): boolean {
  return user !== null && staffMayUse(user.staffRole, access);
}

export const staffPagesFor = (user: CurrentUser): StaffPage[] => staffPages.filter((page) => mayOpen(user, page.access));
