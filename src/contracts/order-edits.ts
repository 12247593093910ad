/** What staff may change on an order before it ships. */
export const ORDER_EDIT_KINDS = ['address', 'quantity', 'remove_line'] as const;
export type OrderEditKind = (typeof ORDER_EDIT_KINDS)[number];
