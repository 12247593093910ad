import type { TFunction } from 'i18next';
import type { Cart, CartItem } from '#contracts/cart';

/** The heading of the warning that blocks checkout: out-of-stock lines outrank short ones. */
export function stockIssueTitle(cart: Pick<Cart, 'items'>, t: TFunction<'cart'>): string {
  return cart.items.some((item) => item.stock_issue === 'out_of_stock') ? t('cannotCheckoutOutOfStock') : t('insufficientStock');
}

export function itemStockMessage(item: Pick<CartItem, 'stock_issue' | 'available_stock'>, t: TFunction<'cart'>): string | null {
  if (item.stock_issue === 'out_of_stock') return t('outOfStockLine');
  if (item.stock_issue === 'insufficient') return t('insufficientLine', { available: item.available_stock });
  return null;
}
