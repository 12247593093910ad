import { eq } from 'drizzle-orm';
import { usdCentsToPkrMinor } from '#contracts/money';
import { processingFee, type PaymentMethod } from '#contracts/payment';
import type { DbOrTx } from '../db/client.ts';
import type { orderItems, orders } from '../db/schema/orders.ts';
import { promoCodes, promoRedemptions } from '../db/schema/promo.ts';
import { cartTotals, subtotalCents, type DiscountTerms } from '../pricing/cart-totals.ts';
import { consignmentOf, NOT_AN_OPTION, noShippingMessage } from '../shipping/checkout-shipping.ts';
import { shippingQuote, type Destination } from '../shipping/shipping-quote.ts';
import { shippingZoneRates } from '../shipping/shipping-zone-rates.ts';
import { creditSplit } from '../store-credit/store-credit-payer.ts';
import { badRequest } from '../lib/errors.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** A line as the order will ship it: its quantity after the edit, each unit at what the order charged for it. */
export type EditedLine = Pick<ItemRow, 'variantId' | 'quantity' | 'unitPriceCents' | 'saleQuantity' | 'saleUnitPriceCents'>;

/** The order's money after an edit, in the columns the order keeps, and what goes back to the buyer. */
export interface EditedCharges {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  feeCents: number;
  storeCreditCents: number;
  totalCents: number;
  /** What the payment method is to take after the edit (the rest after store credit, and its fee), in the order's currency. */
  restMinor: number;
  feeMinor: number;
  /** USD cents the payment method gives back: what it took for the rest and fee before, less what they are now. */
  paymentBackCents: number;
  /** USD cents of store credit the order no longer spends. */
  creditBackCents: number;
}

export interface EditedOrder {
  order: OrderRow;
  lines: EditedLine[];
  /** Where the order ships after the edit (an address edit's new one). */
  destination: Destination;
  /** The latest payment's method and fee, when it has one. */
  payment: { method: PaymentMethod; feeMinor: number } | null;
  /** The shop's tax rate, for a destination outside every zone. */
  shopTaxBasisPoints: number;
  /** The field an address that the order's shipping method does not reach is refused on; null keeps the charged shipping. */
  addressField: string | null;
}

const share = (whole: number, part: number, of: number) => (of === 0 ? 0 : Math.round((whole * part) / of));

/**
 * The discount the order's promo code gives the edited subtotal, on the code's terms (its minimum was met when the
 * order was placed and is not asked again); a discount from elsewhere keeps its share of the subtotal.
 */
async function discountTerms(tx: DbOrTx, order: OrderRow, subtotal: number): Promise<DiscountTerms | null> {
  if (order.discountCents === 0) return null;
  const [promo] = await tx.select({ kind: promoCodes.kind, value: promoCodes.value }).from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId)).where(eq(promoRedemptions.orderId, order.id));
  return promo ?? { kind: 'fixed', value: share(order.discountCents, subtotal, order.subtotalCents) };
}

/**
 * Prices an edited order as it was placed: its lines at the prices charged for them, the promo code's discount, the
 * destination zone's tax on the discounted subtotal, the shipping method's rate for the lighter consignment, the
 * payment method's fee on what it takes, and store credit spent first (cartTotals, shippingQuote, processingFee and
 * creditSplit, as checkout). Tax, shipping and fee never rise above what the order charged: an edit only gives back.
 */
export async function editedCharges(tx: DbOrTx, edited: EditedOrder): Promise<EditedCharges> {
  const { order, lines, destination, payment } = edited;
  const priced = lines.map((line) => ({ ...line, salePriceCents: line.saleUnitPriceCents }));
  const subtotal = subtotalCents(priced);
  const shipped = priced.flatMap((line) => (line.variantId === null ? [] : [{ ...line, variantId: line.variantId }]));
  const consignment = { weightGrams: (await consignmentOf(tx, shipped)).weightGrams, subtotalCents: subtotal };
  const methodId = order.shippingMethodId;
  const quote = shippingQuote(await shippingZoneRates(tx), destination, consignment, edited.shopTaxBasisPoints);
  const method = methodId === null ? null : quote.options.find((option) => option.methodId === methodId) ?? null;
  if (!method && methodId !== null && edited.addressField) {
    throw badRequest({ [edited.addressField]: [quote.options.length === 0 ? noShippingMessage(quote, destination.country) : NOT_AN_OPTION] });
  }
  const taxBasisPoints = quote.zone?.taxBasisPoints ?? edited.shopTaxBasisPoints;
  const shippingCents = Math.min(method?.priceCents ?? order.shippingCents, order.shippingCents);
  const charges = { taxBasisPoints, shippingCents };
  const offered = cartTotals(priced, await discountTerms(tx, order, subtotal), charges).discountCents;
  // A code whose terms changed since the order was placed cannot make the goods dearer than they were.
  const discountCents = Math.max(offered, order.discountCents - (order.subtotalCents - subtotal));
  const totals = cartTotals(priced, discountCents > 0 ? { kind: 'fixed', value: discountCents } : null, charges);
  const taxCents = Math.min(totals.taxCents, order.taxCents);
  const grandCents = subtotal - totals.discountCents + taxCents + totals.shippingCents;

  const { creditCents, restCents } = creditSplit(grandCents, order.storeCreditCents);
  const inCurrency = (cents: number) => (order.currency === 'USD' ? cents : usdCentsToPkrMinor(cents, order.exchangeRate));
  // Cash on delivery: the courier's fee is the same for a smaller parcel. Any other method's fee is on what it takes.
  const cod = payment?.method === 'cash_on_delivery';
  const feeCents = cod ? order.feeCents : Math.min(payment ? processingFee(payment.method, restCents) : 0, order.feeCents);
  const restMinor = inCurrency(restCents);
  const feeMinor = cod ? payment.feeMinor : Math.min(payment ? processingFee(payment.method, restMinor) : 0, payment?.feeMinor ?? 0);
  const restBefore = order.totalCents - order.feeCents - order.storeCreditCents;
  return {
    subtotalCents: subtotal,
    discountCents: totals.discountCents,
    taxCents,
    shippingCents: totals.shippingCents,
    feeCents,
    storeCreditCents: creditCents,
    totalCents: grandCents + feeCents,
    restMinor,
    feeMinor,
    paymentBackCents: restBefore + order.feeCents - (restCents + feeCents),
    creditBackCents: order.storeCreditCents - creditCents,
  };
}
