/**
 * What a staff member may do. The owner may do everything, managing staff included; every other role opens its own
 * part of the shop. A staff contract names the roles besides the owner that may call it (`staff: [...]`), and the
 * server's guard and the staff menu both read that list.
 */
export const staffRoles = ['owner', 'catalogue', 'fulfilment', 'sales', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The roles, besides the owner, that may call each kind of staff route. */
export const staffAccess = {
  /** Products, categories, media, documents, prices, price tiers, flash sales, promo codes and exchange rates. */
  catalogue: ['catalogue'],
  /** Orders, inventory, lots and recalls. */
  fulfilment: ['fulfilment'],
  /** Reading orders: fulfilment, sales (who refund them), and support's read-only view. */
  ordersRead: ['fulfilment', 'sales', 'support'],
  /** Organisations, price lists, quotes and licences. */
  sales: ['sales'],
  /** Reading customers and organisations: sales, and support's read-only view. */
  customersRead: ['sales', 'support'],
  /** Which categories need a licence: set by catalogue, read by sales when verifying licences. */
  restrictedCategories: ['catalogue', 'sales'],
  /** The audit trail: each role reads the entries of the records its own routes open (`auditReaders`, audit.ts). */
  auditRead: ['catalogue', 'fulfilment', 'sales', 'support'],
  /** Outgoing mail: what failed, and sending it again. */
  mail: ['support'],
  /** Staff members and their roles. */
  owner: [],
  /**
   * Screens every role opens (the staff order detail, customers), showing a buyer's personal fields only to the roles
   * that read orders (`ordersRead`), as the audit trail does.
   */
  allStaff: ['catalogue', 'fulfilment', 'sales', 'support'],
  /** The shop's sales reports. */
  reports: ['sales'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** Whether a staff member in `role` may call a route open to `allowed` (the owner may call every staff route). */
export function staffMayUse(role: StaffRole | null | undefined, allowed: readonly StaffRole[]): boolean {
  return role === 'owner' || (role != null && allowed.includes(role));
}
