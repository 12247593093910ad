import { eq } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '#contracts/cart';
import type { ResponseOf } from '#contracts/define';
import type { reorderFromList as reorderContract } from '#contracts/reorder-lists';
import { reorderListItems } from '../db/schema/reorder-lists.ts';
import { addItem, cartView, ensureCart, quantityInCart, type CartDeps } from '../cart/cart.service.ts';
import { badRequest, HttpError, type FieldErrors } from '../lib/errors.ts';
import { ownList, readItems, readList, touch } from './reorder-lists.service.ts';

type ReorderLine = ResponseOf<typeof reorderContract>['lines'][number];

/** What reaching par takes: par − on hand, never below zero. */
export const quantityNeeded = (parLevel: number, onHand: number) => Math.max(parLevel - onHand, 0);

/**
 * Tops the cart up to par − on hand for every item, through the cart service and its stock rules: an item already at
 * par or already in the cart in that quantity adds nothing, a short item adds what is available. The counts become
 * the list's last counts; nothing is written when a count is missing or names an item not on the list.
 */
export async function reorderFromList(
  deps: CartDeps, userId: string, listId: number, counts: { item_id: number; on_hand: number }[], now = new Date(),
) {
  const { db } = deps;
  await ownList(db, userId, listId);
  const items = await readItems(db, listId);
  const entered = new Map(counts.map((count) => [count.item_id, count.on_hand]));
  const errors: FieldErrors = {};
  for (const itemId of entered.keys()) {
    if (!items.some((item) => item.id === itemId)) errors[`counts.${itemId}`] = ['This item is not on the list.'];
  }
  for (const item of items) {
    if (!entered.has(item.id) && item.last_on_hand === null) errors[`counts.${item.id}`] = [`Enter what is on hand of ${item.name}.`];
  }
  if (Object.keys(errors).length) throw badRequest(errors);

  for (const [itemId, onHand] of entered) {
    await db.update(reorderListItems).set({ lastOnHand: onHand, countedAt: now }).where(eq(reorderListItems.id, itemId));
  }
  if (entered.size) await touch(db, listId);

  const cartId = await ensureCart(db, userId);
  const lines: ReorderLine[] = [];
  for (const item of items) {
    const needed = quantityNeeded(item.par_level, entered.get(item.id) ?? item.last_on_hand!);
    const line = {
      item_id: item.id, product_id: item.product_id, variant_id: item.variant_id, variant_label: item.variant_label, name: item.name, needed, added: 0,
    };
    const inCart = await quantityInCart(db, cartId, item.variant_id);
    if (needed === 0) {
      lines.push({ ...line, outcome: 'at_par' });
    } else if (inCart >= needed) {
      lines.push({ ...line, outcome: 'in_cart' });
    } else if (!item.in_stock) {
      lines.push({ ...line, outcome: 'out_of_stock' });
    } else {
      const target = Math.min(needed, inCart + item.available_stock, MAX_LINE_QUANTITY);
      const added = Math.max(target - inCart, 0);
      try {
        if (added > 0) await addItem(deps, userId, { productId: item.product_id, variantId: item.variant_id, quantity: added });
        lines.push({ ...line, added, outcome: inCart + added >= needed ? 'added' : 'partial' });
      } catch (error) {
        // Stock sold between reading the list and adding: report it like any other shortfall.
        if (!(error instanceof HttpError && error.status === 409)) throw error;
        lines.push({ ...line, outcome: error.code === 'OUT_OF_STOCK' ? 'out_of_stock' : 'partial' });
      }
    }
  }
  return { lines, cart: await cartView(deps, userId), list: await readList(db, userId, listId) };
}
