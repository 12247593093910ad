import { eq, inArray } from 'drizzle-orm';
import { centsToNumber } from '#contracts/money';
import type { PaymentSuccess, PaymentWaiting, ApprovalPending, ProcessPaymentInput } from '#contracts/payment';
import type { Db, DbOrTx } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { catalogueLineColumns, pricedCatalogueLines } from '../cart/cart.service.ts';
import { processPayment } from '../checkout/payment-flow.service.ts';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import { cartTotals } from '../pricing/cart-totals.ts';
import { shippingFor } from '../shipping/checkout-shipping.ts';
import type { OrderLine, OrderSource } from './order-source.ts';
import type { SetContents } from '../sets/set-choice.ts';

export interface WantedLine {
  variantId: number;
  quantity: number;
  /** A customised set's contents and key (see sets/set-lines.ts); left out for anything else. */
  chosenContents?: SetContents | null;
  configurationKey?: string;
}

/**
 * Order lines for these variants (one line per variant), at the buyer's prices for their quantities, in the order
 * asked, each with what is on sale now. Unknown variants are left out.
 */
export async function catalogueOrderLines(db: DbOrTx, userId: string, wanted: WantedLine[], now: Date): Promise<OrderLine[]> {
  if (wanted.length === 0) return [];
  const rows = await db.select(catalogueLineColumns).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(inArray(productVariants.id, wanted.map((line) => line.variantId)));
  const byVariant = new Map(rows.map((row) => [row.variantId, row]));
  const ordered = wanted.flatMap((line) => {
    const row = byVariant.get(line.variantId);
    return row ? [{ ...row, quantity: line.quantity, chosenContents: line.chosenContents, configurationKey: line.configurationKey }] : [];
  });
  return pricedCatalogueLines(db as Db, userId, ordered, now);
}

/** An order placed from given lines rather than a cart: a purchase order received, a standing order's run. */
export interface LinesOrder {
  /** Names the source in the idempotency fingerprint ('cxml-order:…', 'standing-order:…'). */
  scope: string;
  lines: WantedLine[];
  orderDetails: ProcessPaymentInput['orderDetails'];
  /** In the placing transaction, once the order exists. */
  placed?: (tx: DbOrTx, orderId: string) => Promise<void>;
  /** With it, the order is held to the organisation's spending limits: above one it becomes a request for approval. */
  hold?: (tx: DbOrTx) => Promise<void>;
}

const NOTHING_TO_ORDER = 'None of these products can be ordered.';

/** The lines at the buyer's prices, shipped to the order's address by its chosen method and taxed at its zone's rate. */
export function linesSource(taxBasisPoints: number, userId: string, order: LinesOrder): OrderSource {
  const { country, city } = order.orderDetails.shippingAddress;
  const choice = { country, city, methodId: order.orderDetails.shippingOptionId ?? 'standard' as const };
  const { hold } = order;
  return {
    scope: order.scope,
    async price(tx, now) {
      const lines = await catalogueOrderLines(tx, userId, order.lines, now);
      if (lines.length === 0) throw badRequest({ lines: [NOTHING_TO_ORDER] });
      const shipping = await shippingFor(tx, lines, choice, taxBasisPoints, 'orderDetails.shippingOptionId');
      if (shipping.problem) throw badRequest({ 'orderDetails.shippingOptionId': [shipping.problem] });
      return { lines, shipping, totals: cartTotals(lines, null, shipping) };
    },
    placed: order.placed ?? (async () => {}),
    ...(hold ? { hold: (tx: DbOrTx) => hold(tx) } : {}),
  };
}

/**
 * Places the lines as the buyer's order on their organisation's invoice terms, through the same placement as every
 * checkout (stock, licences, spending limits, credit limit, idempotency by `key`). The amount is what the lines cost
 * now; when a price moves between reading it and placing, it is read once more.
 */
export async function placeLinesOnInvoice(
  deps: PaymentDeps, userId: string, key: string, order: LinesOrder,
): Promise<PaymentSuccess | ApprovalPending | PaymentWaiting> {
  const source = linesSource(deps.taxBasisPoints, userId, order);
  const attempt = async () => {
    const { totals } = await source.price(deps.db, new Date());
    const body: ProcessPaymentInput = {
      paymentMethod: 'invoice', currency: 'USD', amount: centsToNumber(totals.grandTotalCents), paymentData: {},
      use_store_credit: false, orderDetails: order.orderDetails,
    } as ProcessPaymentInput;
    return processPayment(deps, userId, key, body, source);
  };
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof HttpError && error.status === 409 && error.code === 'AMOUNT_MISMATCH') return attempt();
    throw error;
  }
}

