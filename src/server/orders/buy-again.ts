import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '#contracts/cart';
import { centsToDecimal } from '#contracts/money';
import type { BuyAgainLine } from '#contracts/orders';
import type { UserRow } from '../auth/user-view.ts';
import { addItem, cartView, ensureCart, type CartDeps } from '../cart/cart.service.ts';
import { cartItems } from '../db/schema/cart.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { HttpError, notFound } from '../lib/errors.ts';
import { findEquivalents } from '../reorder-lists/equivalents.ts';
import { findVisibleOrder } from './orders.service.ts';

/**
 * POST /api/orders/{orderNumber}/buy-again/: every line of one of the caller's orders goes into the cart through the
 * cart's own rules (stock, licences, limits), so the cart's prices are today's for this buyer. A size that is no longer
 * sold, or out of stock, adds nothing and offers an in-stock equivalent.
 */
export async function buyAgain(deps: CartDeps, user: UserRow, orderNumber: string) {
  const { db } = deps;
  const order = await findVisibleOrder(db, user, eq(orders.orderNumber, orderNumber.toUpperCase()));
  // Staff may read anyone's order, but buy only their own again.
  if (order.userId !== user.id) throw notFound('Order not found.');
  const ordered = await db.select({
    productId: orderItems.productId, variantId: orderItems.variantId, variantLabel: orderItems.variantLabel, name: orderItems.name,
    quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents,
    sold: sql<boolean>`coalesce(${products.isActive} and ${productVariants.isActive}, false)`, instrumentType: products.instrumentType, brand: products.brand,
    priceCents: productVariants.priceCents, onHand: inventoryItems.currentStock, reserved: inventoryItems.reservedStock,
  }).from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, orderItems.variantId))
    .where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));

  const cartId = await ensureCart(db, user.id);
  const lines: Omit<BuyAgainLine, 'today_price'>[] = [];
  for (const line of ordered) {
    const base = {
      product_id: line.productId, variant_id: line.variantId, variant_label: line.variantLabel, name: line.name,
      ordered_quantity: line.quantity, added: 0, ordered_price: centsToDecimal(line.unitPriceCents), equivalent: null,
    };
    const equivalent = async () => line.productId && line.variantId && line.instrumentType
      ? (await findEquivalents(db, {
        productId: line.productId, variantId: line.variantId, instrumentType: line.instrumentType, brand: line.brand!, priceCents: line.priceCents!,
      }, [], 1))[0] ?? null
      : null;
    if (!line.sold || line.variantId === null || line.productId === null) {
      lines.push({ ...base, outcome: 'discontinued', equivalent: await equivalent() });
      continue;
    }
    const [inCart] = await db.select({ quantity: cartItems.quantity }).from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, line.variantId)));
    const available = Math.max((line.onHand ?? 0) - (line.reserved ?? 0) - (inCart?.quantity ?? 0), 0);
    const quantity = Math.min(line.quantity, available, MAX_LINE_QUANTITY - (inCart?.quantity ?? 0));
    if (quantity <= 0) {
      lines.push({ ...base, outcome: 'out_of_stock', equivalent: await equivalent() });
      continue;
    }
    try {
      await addItem(deps, user.id, { productId: line.productId, variantId: line.variantId, quantity });
      lines.push({ ...base, added: quantity, outcome: quantity === line.quantity ? 'added' : 'partial' });
    } catch (error) {
      // Sold between reading the stock and adding it: reported like any other shortfall.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
      lines.push({ ...base, outcome: 'out_of_stock', equivalent: await equivalent() });
    }
  }
  const cart = await cartView(deps, user.id);
  const todayPrice = (variantId: number | null) => cart.items.find((item) => item.variant_id === variantId)?.unit_price ?? null;
  return { cart, lines: lines.map((line) => ({ ...line, today_price: line.added > 0 ? todayPrice(line.variant_id) : null })) };
}
