import type { Cart, CartItem } from '#contracts/cart';
import type { CartMessages } from './messages.ts';

/** The heading of the warning that blocks checkout: out-of-stock lines outrank short ones. */
export function stockIssueTitle(cart: Pick<Cart, 'items'>, t: CartMessages): string {
  return cart.items.some((item) => item.stock_issue === 'out_of_stock') ? t.cannotCheckoutOutOfStock : t.insufficientStock;
}

export function itemStockMessage(item: Pick<CartItem, 'stock_issue' | 'available_stock'>, t: CartMessages): string | null {
  if (item.stock_issue === 'out_of_stock') return t.outOfStockLine;
  if (item.stock_issue === 'insufficient') return t.insufficientLine(item.available_stock);
  return null;
}
