import type { Cart, CartItem } from '#contracts/cart';

export const CHECKOUT_BLOCKED_MESSAGE = 'Please update your cart quantities or remove unavailable items before proceeding.';

/** The heading of the warning that blocks checkout: out-of-stock lines outrank short ones. */
export function stockIssueTitle(cart: Pick<Cart, 'items'>): string {
  return cart.items.some((item) => item.stock_issue === 'out_of_stock') ? 'Cannot Checkout - Out of Stock' : 'Insufficient Stock';
}

export function itemStockMessage(item: Pick<CartItem, 'stock_issue' | 'available_stock'>): string | null {
  if (item.stock_issue === 'out_of_stock') return 'This item is out of stock. Remove it to continue.';
  if (item.stock_issue === 'insufficient') return `Only ${item.available_stock} available. Lower the quantity to continue.`;
  return null;
}
