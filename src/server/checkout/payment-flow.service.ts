import { and, eq, inArray } from 'drizzle-orm';
import { centsToDecimal, centsToNumber, dollarsToCents, usdCentsToPkrMinor } from '#contracts/money';
import {
  processingFee, processPayment as processPaymentContract, type ApprovalPending, type GatewayMethod, type PaymentSuccess,
  type ProcessPaymentInput,
} from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import type { DbOrTx } from '../db/client.ts';
import { cartItems, carts } from '../db/schema/cart.ts';
import { orderEvents, orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { reserveForOrder, sellForOrder } from '../lots/order-lots.ts';
import { apiError, declaredCode, HttpError } from '../lib/errors.ts';
import { priceCart, type CartDeps, type CartLine } from '../cart/cart.service.ts';
import { lineName } from '../cart/line-name.ts';
import { maskInstrument } from '../payment/masked-instrument.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider, PaymentProviders } from '../payment/providers/payment-provider.ts';
import { claimPromo } from '../promo/promo.service.ts';
import { AnswerError } from './answer-error.ts';
import type { CartTotals } from '../pricing/cart-totals.ts';
import { lineTotalCents, type SalePart } from '../pricing/unit-price.ts';
import { addBusinessDays } from './delivery-estimate.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import {
  checkIdempotencyKey, claimIdempotencyKey, recordAnswer, releaseIdempotencyKey, requestHash, type StoredAnswer,
} from './idempotency.ts';
import { newOrderNumber, newTransactionId } from './order-identifiers.ts';
import { sendOrderMail } from '../orders/order-mail.ts';
import { approveInvoice, invoiceConfirmationEvent, openInvoice } from '../organisations/invoice-terms.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { releaseOrderStock, type ReleaseDeps } from '../orders/release-order.ts';
import { assertLicenceGate, logLicenceBlock } from '../licences/licence-gate.ts';
import { claimSaleUnitsOf } from '../flash-sales/flash-sale-claims.ts';
import { organisationOrderOf, recordOrganisationOrder } from '../organisation-purchasing/organisation-order.ts';
import { holdForApproval } from '../organisation-purchasing/hold-for-approval.ts';

/** The routes that place and pay for an order through this flow. */
const PAYING = [processPaymentContract, acceptQuote] as const;

export const RESERVATION_MS = 15 * 60_000;
export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful. Your order has been placed.';
export const INVOICE_ORDER_MESSAGE = 'Your order has been placed on payment terms. Pay the invoice by its due date.';
/** Pay by invoice asks no gateway: the order was accepted on terms when it was placed. */
const INVOICE_ACCEPTED: ChargeResult = { status: 'succeeded', reference: '', message: INVOICE_ORDER_MESSAGE };

export interface PaymentDeps extends CartDeps, ReleaseDeps {
  providers: PaymentProviders;
}

/** `flashSaleId`: the sale that priced `saleQuantity` of the line's units at `salePriceCents`, which the order claims. */
export type OrderLine = Pick<CartLine,
  'productId' | 'variantId' | 'variantLabel' | 'name' | 'modelNumber' | 'image' | 'categoryName' | 'unitPriceCents' | 'quantity' | 'available'>
  & Partial<SalePart>;

interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  transactionId: string;
  /** Sorted by variant id, the order every transaction locks inventory rows in. */
  lines: OrderLine[];
  amountMinor: number;
  feeMinor: number;
}

/**
 * What an order is placed from: the buyer's cart at database prices, or an accepted quote at its quoted prices.
 * Both go through the same reservation, payment and confirmation below.
 */
export interface OrderSource {
  /** Added to the idempotency fingerprint, so a key used for one source never answers for another. */
  scope?: string;
  /** Inside the placing transaction: the lines and totals, with the rows they come from locked. */
  price(tx: DbOrTx, now: Date): Promise<{ lines: OrderLine[]; totals: CartTotals }>;
  /** In the same transaction, once the order exists. */
  placed(tx: DbOrTx, orderId: string): Promise<void>;
  /** In the transaction that confirms the paid order. */
  paid(tx: DbOrTx, order: { orderId: string; lines: OrderLine[] }): Promise<void>;
  /**
   * A source with this hook is held to the spending limits of the buyer's organisation: above one, its lines go into
   * a request for approval instead of an order, and this takes them out of the source.
   */
  hold?(tx: DbOrTx, lines: OrderLine[]): Promise<void>;
}

const cartEmpty = () => apiError(processPaymentContract, 'CART_EMPTY', 409, 'Your cart is empty.');

/** Checkout: the buyer's cart, its promo code claimed with the order and the bought lines removed once paid. */
export function cartSource(deps: CartDeps, userId: string): OrderSource {
  let cartId = 0;
  let claim: (tx: DbOrTx, orderId: string) => Promise<void> = async () => {};
  const takeLines = async (tx: DbOrTx, lines: OrderLine[]) => {
    await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.variantId, lines.map((line) => line.variantId))));
    await tx.update(carts).set({ promoCodeId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
  };
  return {
    async price(tx, now) {
      // One checkout per user at a time: the cart row lock also keeps per-user promo counts exact.
      const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update');
      if (!cart) throw cartEmpty();
      const priced = await priceCart({ db: tx, taxBasisPoints: deps.taxBasisPoints }, userId, cart.id, now);
      if (priced.lines.length === 0) throw cartEmpty();
      cartId = cart.id;
      const { promo, promoProblem } = priced;
      if (promo && !promoProblem) claim = (db, orderId) => claimPromo(db, promo, userId, orderId);
      return priced;
    },
    placed: (tx, orderId) => claim(tx, orderId),
    paid: (tx, order) => takeLines(tx, order.lines),
    hold: takeLines,
  };
}

/** Refuses a line the shop cannot supply now, naming how many are left. */
const insufficientStock = (name: string, available: number) =>
  apiError(PAYING, 'INSUFFICIENT_STOCK', 409, `Insufficient stock for ${name}: only ${Math.max(available, 0)} available.`,
    { name, available: Math.max(available, 0) });

/** An order over a spending limit of the buyer's organisation: a request waits for an approver instead. */
interface HeldOrder {
  held: ApprovalPending;
}

/**
 * Step 1, one short transaction: the order from its source, checked against the amount the buyer saw, its stock
 * reserved, and a pending payment; or, above a spending limit, a request for approval. Nothing is written when any
 * check fails.
 */
async function placeOrder(
  deps: PaymentDeps, userId: string, key: string, body: ProcessPaymentInput, source: OrderSource, now: Date,
): Promise<PlacedOrder | HeldOrder> {
  const rate = await usdToPkrRate(deps.db);
  const instrument = maskInstrument(body);
  return deps.db.transaction(async (tx) => {
    const organisationOrder = await organisationOrderOf(tx, userId, body.orderDetails);
    const priced = await source.price(tx, now);
    await assertLicenceGate(tx, userId, priced.lines.map((line) => line.productId), now);
    const { totals } = priced;
    const amountDue = (due: CartTotals) => body.currency === 'USD' ? due.grandTotalCents : usdCentsToPkrMinor(due.grandTotalCents, rate.stored);
    const totalChanged = (minor: number) => new AnswerError(409, {
      detail: `The order total is now ${body.currency} ${centsToDecimal(minor)}. Please review it and pay again.`,
      code: declaredCode(PAYING, 'AMOUNT_MISMATCH'),
      params: { amount: centsToNumber(minor), currency: body.currency },
      amount: centsToNumber(minor),
      currency: body.currency,
    });
    const amountMinor = amountDue(totals);
    if (dollarsToCents(body.amount) !== amountMinor) throw totalChanged(amountMinor);
    const lines = [...priced.lines].sort((a, b) => a.variantId - b.variantId);
    for (const line of lines) if (line.quantity > line.available) throw insufficientStock(lineName(line.name, line.variantLabel), line.available);
    if (organisationOrder && source.hold) {
      const held = await holdForApproval(tx, deps, { order: organisationOrder, key, body, lines, totals, now });
      if (held) {
        await source.hold(tx, lines);
        return { held };
      }
    }
    // Another order took the last sale units during this checkout: nothing is kept, and the buyer sees the new total.
    if (!(await claimSaleUnitsOf(tx, lines))) throw totalChanged(amountDue((await source.price(tx, now)).totals));

    const feeMinor = processingFee(body.paymentMethod, amountMinor);
    const feeCents = processingFee(body.paymentMethod, totals.grandTotalCents);
    // Pay by invoice: the organisation's terms and credit are checked with its row locked until this commits.
    const invoice = body.paymentMethod === 'invoice' ? await approveInvoice(tx, userId, totals.grandTotalCents + feeCents, now) : null;
    const address = body.orderDetails.shippingAddress;
    const orderNumber = newOrderNumber();
    const [order] = await tx.insert(orders).values({
      orderNumber,
      userId,
      orderType: body.orderDetails.orderType,
      currency: body.currency,
      exchangeRate: rate.stored,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      shippingCents: totals.shippingCents,
      feeCents,
      totalCents: totals.grandTotalCents + feeCents,
      totalChargedMinor: amountMinor + feeMinor,
      email: address.email,
      firstName: address.firstName,
      lastName: address.lastName,
      company: address.company,
      address: address.address,
      city: address.city,
      postalCode: address.postalCode,
      phone: address.phone,
      estimatedDelivery: addBusinessDays(now),
      reservationExpiresAt: new Date(now.getTime() + RESERVATION_MS),
    }).returning({ id: orders.id });
    await tx.insert(orderItems).values(lines.map((line) => ({
      orderId: order.id,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      variantLabel: line.variantLabel,
      modelNumber: line.modelNumber,
      image: line.image,
      categoryName: line.categoryName,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: lineTotalCents(line),
      flashSaleId: line.flashSaleId ?? null,
      saleQuantity: line.saleQuantity ?? 0,
      saleUnitPriceCents: line.salePriceCents ?? null,
    })));
    await tx.insert(orderEvents).values({ orderId: order.id, status: 'pending', ...shopEvent('placed') });
    const transactionId = newTransactionId();
    await tx.insert(payments).values({
      transactionId, orderId: order.id, userId, method: body.paymentMethod, amountMinor, currency: body.currency, feeMinor, ...instrument,
    });
    await source.placed(tx, order.id);
    if (invoice) await openInvoice(tx, order.id, invoice);
    if (organisationOrder) await recordOrganisationOrder(tx, order.id, organisationOrder);

    for (const line of lines) {
      try {
        await reserveForOrder(tx, order.id, { variantId: line.variantId, quantity: line.quantity, reason: `Order ${orderNumber}`, userId });
      } catch (error) {
        if (!(error instanceof HttpError && error.code === 'INSUFFICIENT_STOCK')) throw error;
        throw insufficientStock(lineName(line.name, line.variantLabel), (await stockLevel(tx, line.variantId)).availableStock);
      }
    }
    return { orderId: order.id, orderNumber, transactionId, lines, amountMinor, feeMinor };
  });
}

/** Step 2, outside any transaction: the gateway call. A gateway that throws counts as a failed payment. */
async function charge(deps: PaymentDeps, placed: PlacedOrder, body: ProcessPaymentInput): Promise<ChargeResult> {
  const provider = deps.providers[body.paymentMethod as GatewayMethod] as PaymentProvider;
  const request: ChargeRequest = {
    transactionId: placed.transactionId,
    amountMinor: placed.amountMinor + placed.feeMinor,
    currency: body.currency,
    description: `Sialkot Surgical order ${placed.orderNumber}`,
    data: body.paymentData,
  };
  try {
    return await provider.charge(request);
  } catch (error) {
    deps.log.error({ err: error, transactionId: placed.transactionId, method: body.paymentMethod }, 'payment gateway failed');
    return { status: 'failed', reference: '', message: 'Payment could not be processed. Please try again.', reason: 'declined' };
  }
}

/** Step 3 after a successful charge: the reservation becomes a sale, the order is confirmed and its source told. */
async function confirm(
  deps: PaymentDeps, placed: PlacedOrder, body: ProcessPaymentInput, source: OrderSource, result: ChargeResult,
): Promise<StoredAnswer> {
  const now = new Date();
  // An order on terms is confirmed without payment: the invoice stays open until staff record the payment.
  const onTerms = body.paymentMethod === 'invoice';
  const confirmed = await deps.db.transaction(async (tx) => {
    const [order] = await tx.update(orders)
      .set({ status: 'confirmed', paymentStatus: onTerms ? 'awaiting_payment' : 'paid', reservationExpiresAt: null, updatedAt: now })
      .where(and(eq(orders.id, placed.orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (!order) return false;
    for (const line of placed.lines) {
      await sellForOrder(tx, placed.orderId, { variantId: line.variantId, quantity: line.quantity, reason: `Order ${placed.orderNumber}` });
    }
    await tx.update(payments).set({ status: onTerms ? 'pending' : 'succeeded', providerReference: result.reference, updatedAt: now })
      .where(eq(payments.transactionId, placed.transactionId));
    await tx.insert(orderEvents).values({
      orderId: placed.orderId, status: 'confirmed', ...(onTerms ? await invoiceConfirmationEvent(tx, placed.orderId) : shopEvent('payment_received')),
    });
    await source.paid(tx, placed);
    await sendOrderMail(tx, deps, 'confirmed', placed.orderId);
    return true;
  });
  if (!confirmed) {
    // The sweeper gave the stock back while the gateway was still answering: the money has to go back too.
    await deps.db.update(payments).set({
      status: 'succeeded', providerReference: result.reference, failureMessage: 'Charged after the reservation expired: refund due.', updatedAt: now,
    }).where(eq(payments.transactionId, placed.transactionId));
    deps.log.error({ transactionId: placed.transactionId, orderNumber: placed.orderNumber }, 'charged after the reservation expired: refund due');
    return {
      status: 409,
      body: {
        detail: 'Your reservation expired before the payment completed. The payment will be refunded.',
        code: declaredCode(PAYING, 'RESERVATION_EXPIRED'),
        transactionId: placed.transactionId,
      },
    };
  }
  const success: PaymentSuccess = {
    success: true,
    message: onTerms ? INVOICE_ORDER_MESSAGE : PAYMENT_SUCCESS_MESSAGE,
    transactionId: placed.transactionId,
    orderId: placed.orderId,
    orderNumber: placed.orderNumber,
    paymentMethod: body.paymentMethod,
    amount: centsToNumber(placed.amountMinor),
    currency: body.currency,
    fee: centsToNumber(placed.feeMinor),
    totalCharged: centsToNumber(placed.amountMinor + placed.feeMinor),
  };
  return { status: 201, body: success };
}

/** Step 3 after a declined charge: the order is cancelled, its stock and promo use given back; the cart stays. */
async function decline(deps: PaymentDeps, placed: PlacedOrder, result: Extract<ChargeResult, { status: 'failed' }>): Promise<StoredAnswer> {
  const message = result.message || 'Payment failed.';
  await releaseOrderStock(deps, placed.orderId, {
    failureMessage: message,
    providerReference: result.reference || null,
    event: shopEvent('payment_failed', { reason: message }),
  });
  return {
    status: 402,
    body: { detail: message, code: declaredCode(PAYING, 'PAYMENT_DECLINED'), params: { reason: result.reason }, transactionId: placed.transactionId },
  };
}

function answer(stored: StoredAnswer): PaymentSuccess | ApprovalPending {
  if (stored.status === 201) return stored.body as PaymentSuccess;
  if (stored.status === 202) return stored.body as ApprovalPending;
  throw new AnswerError(stored.status, stored.body as AnswerError['body']);
}

/**
 * POST /api/payment/process (the cart) and a quote's acceptance. The idempotency key is claimed first; refusals
 * before any charge free it again, while every answer after a charge is kept and repeated for the same key, so
 * nobody is charged twice.
 */
export async function processPayment(
  deps: PaymentDeps, userId: string, keyHeader: string | string[] | undefined, body: ProcessPaymentInput,
  source: OrderSource = cartSource(deps, userId),
): Promise<PaymentSuccess | ApprovalPending> {
  const key = checkIdempotencyKey(keyHeader);
  const hash = requestHash(body) + (source.scope ? `:${source.scope}` : '');
  const replay = await claimIdempotencyKey(deps.db, userId, key, hash);
  if (replay) return answer(replay);

  let placed: PlacedOrder;
  try {
    const outcome = await placeOrder(deps, userId, key, body, source, new Date());
    if ('held' in outcome) {
      await recordAnswer(deps.db, userId, key, { status: 202, body: outcome.held });
      return outcome.held;
    }
    placed = outcome;
  } catch (error) {
    await logLicenceBlock(deps.db, error);
    await releaseIdempotencyKey(deps.db, userId, key);
    throw error;
  }
  const result = body.paymentMethod === 'invoice' ? INVOICE_ACCEPTED : await charge(deps, placed, body);
  const outcome = await (result.status === 'succeeded' ? confirm(deps, placed, body, source, result) : decline(deps, placed, result))
    .catch((error: unknown) => {
      // The key stays claimed, so a retry cannot charge again; staff settle the order from this line.
      deps.log.error({ err: error, transactionId: placed.transactionId, orderNumber: placed.orderNumber, charge: result.status },
        'payment charged but not recorded');
      throw error;
    });
  await recordAnswer(deps.db, userId, key, outcome);
  deps.log.info({
    transactionId: placed.transactionId, orderNumber: placed.orderNumber, method: body.paymentMethod, status: result.status,
    ...maskInstrument(body),
  }, 'payment processed');
  return answer(outcome);
}

/** An order from a source no spending limit holds back (an accepted quote, an approved request): paid or refused. */
export async function payNow(
  deps: PaymentDeps, userId: string, keyHeader: string | string[] | undefined, body: ProcessPaymentInput, source: OrderSource,
): Promise<PaymentSuccess> {
  const outcome = await processPayment(deps, userId, keyHeader, body, { ...source, hold: undefined });
  if (!outcome.success) throw new Error(`${source.scope ?? 'an order'} was held for approval without a hold`);
  return outcome;
}
