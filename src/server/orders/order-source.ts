import type { DbOrTx } from '../db/client.ts';
import type { CartLine } from '../cart/cart.service.ts';
import type { CartTotals } from '../pricing/cart-totals.ts';
import type { SalePart } from '../pricing/unit-price.ts';
import type { ChosenShipping } from '../shipping/checkout-shipping.ts';

/**
 * `flashSaleId`: the sale that priced `saleQuantity` of the line's units at `salePriceCents`, which the order claims;
 * `contractNumber`: the contract whose price list priced the line (left out or '' when none did);
 * `setContents`: for a set, what one set holds as the buyer chose it (left out: the standard set);
 * `restricted`: whether the product is sold only to licence holders (left out: read again when checked).
 */
export type OrderLine = Pick<CartLine,
  'productId' | 'variantId' | 'variantLabel' | 'name' | 'modelNumber' | 'image' | 'categoryName' | 'unitPriceCents' | 'quantity' | 'available'>
  & Partial<SalePart> & Partial<Pick<CartLine, 'contractNumber' | 'setContents' | 'configurationKey' | 'restricted'>>;

/** An order once its payment settled (or its invoice terms applied). */
export interface PaidOrder {
  orderId: string;
  userId: string;
  lines: { variantId: number; quantity: number }[];
}

/**
 * In the confirming transaction: what the paid order changes where it came from. True when the order came from
 * this kind of source; the sources are asked in turn, so whichever placed the order settles it, from whichever
 * caller confirms it.
 */
export type SettleSource = (tx: DbOrTx, order: PaidOrder) => Promise<boolean>;

/** The first of `settlers` that owns the order settles it. */
export const settleFirst = (...settlers: SettleSource[]): SettleSource => async (tx, order) => {
  for (const settle of settlers) if (await settle(tx, order)) return true;
  return false;
};

/**
 * What an order is placed from: the buyer's cart at database prices, an accepted quote at its quoted prices, an
 * approved request at the prices its buyer saw. All go through the same reservation, payment and confirmation;
 * what confirming does to the source is its `SettleSource`.
 */
export interface OrderSource {
  /** Added to the idempotency fingerprint, so a key used for one source never answers for another. */
  scope?: string;
  /**
   * Inside the placing transaction: the lines and totals, with the rows they come from locked, and where and how
   * they ship (left out by a source whose totals were decided before: the order details it keeps say where).
   * `depositCents`: the part of the grand total a payment not on terms takes when the order is placed; the rest is
   * the order's balance, paid through a gateway before it ships.
   */
  price(tx: DbOrTx, now: Date): Promise<{ lines: OrderLine[]; totals: CartTotals; shipping?: ChosenShipping; depositCents?: number }>;
  /** In the same transaction, once the order exists. */
  placed(tx: DbOrTx, orderId: string): Promise<void>;
  /**
   * A source with this hook is held to the spending limits of the buyer's organisation: above one, its lines go into
   * a request for approval instead of an order, and this takes them out of the source. A source without it (an
   * approved request) was approved already.
   */
  hold?(tx: DbOrTx, lines: OrderLine[]): Promise<void>;
}
