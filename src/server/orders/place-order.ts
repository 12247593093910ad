import { centsToDecimal, centsToNumber, dollarsToCents, usdCentsToPkrMinor } from '#contracts/money';
import { paysLater, processingFee, processPayment, type ApprovalPending, type PaymentMethod, type ProcessPaymentInput } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import type { Db } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { reserveForOrder } from '../lots/order-lots.ts';
import { apiError, declaredCode, HttpError } from '../lib/errors.ts';
import { lineName } from '../cart/line-name.ts';
import { maskInstrument } from '../payment/masked-instrument.ts';
import { AnswerError } from '../checkout/answer-error.ts';
import { lineTotalCents } from '../pricing/unit-price.ts';
import { addBusinessDays } from '../checkout/delivery-estimate.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import { newOrderNumber, newTransactionId } from '../checkout/order-identifiers.ts';
import { approveInvoice, openInvoice } from '../organisations/invoice-terms.ts';
import { approveCashOnDelivery } from '../cod/cod-terms.ts';
import { assertLicenceGate } from '../licences/licence-gate.ts';
import { claimSaleUnitsOf } from '../flash-sales/flash-sale-claims.ts';
import { keptOrderShipping, orderShipping } from '../shipping/checkout-shipping.ts';
import { creditBalance, creditPayerOf, creditSplit, spendOnOrder } from '../store-credit/store-credit-payer.ts';
import { setsToPlace, setUnavailable } from '../sets/set-order-lines.ts';
import { stockUnits } from '../sets/set-composition.ts';
import { shopEvent } from './order-event-text.ts';
import type { OrderLine, OrderSource } from './order-source.ts';
import type { PurchasingPolicy } from './purchasing-policy.ts';

/** The routes that place an order through this flow. */
export const PLACING = [processPayment, acceptQuote] as const;

export const RESERVATION_MS = 15 * 60_000;

export interface PlaceDeps {
  db: Db;
  purchasing: PurchasingPolicy;
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  transactionId: string;
  /** Sorted by variant id, the order every transaction locks inventory rows in. */
  lines: OrderLine[];
  /** How it is paid: the method chosen, or store_credit when the payer's credit covered the whole total. */
  method: PaymentMethod;
  /** What the payment takes, before its fee, in the payment currency: the total less the store credit used. */
  amountMinor: number;
  feeMinor: number;
  /** The order's email, which the gateway is given. */
  email: string;
}

/** An order over a spending limit of the buyer's organisation: a request waits for an approver instead. */
export interface HeldOrder {
  held: ApprovalPending;
}

/** Refuses a line the shop cannot supply now, naming how many are left. */
const insufficientStock = (name: string, available: number) =>
  apiError(PLACING, 'INSUFFICIENT_STOCK', 409, `Insufficient stock for ${name}: only ${Math.max(available, 0)} available.`,
    { name, available: Math.max(available, 0) });

/**
 * One short transaction: the order from its source, checked against the amount the buyer saw, against the licence
 * gate and (for a source with a hold) the organisation's spending limits, its flash-sale units claimed, its stock
 * reserved, the store credit it uses spent, and its first payment attempt (for the rest) written before any gateway is
 * asked; or, above a spending limit, a request for approval. Nothing is written when any check fails.
 */
export async function placeOrder(
  deps: PlaceDeps, userId: string, key: string, body: ProcessPaymentInput, source: OrderSource, now: Date,
): Promise<PlacedOrder | HeldOrder> {
  const rate = await usdToPkrRate(deps.db);
  const instrument = maskInstrument(body);
  return deps.db.transaction(async (tx) => {
    // The payer's credit is locked before any other row, so checkouts spending the same credit at once go one after the
    // other: the later one reads what the earlier left.
    const payer = body.use_store_credit ? await creditPayerOf(tx, userId) : null;
    const balanceCents = payer ? await creditBalance(tx, payer, true) : 0;
    const purchase = await deps.purchasing.purchaseFor(tx, userId, body.orderDetails);
    const priced = await source.price(tx, now);
    // Lines read as unrestricted need no licence: the buyer's standing is read only for the others.
    const gated = priced.lines.filter((line) => line.restricted !== false).map((line) => line.productId);
    if (gated.length) await assertLicenceGate(tx, userId, gated, now);
    const { totals } = priced;
    const inCurrency = (usdCents: number) => body.currency === 'USD' ? usdCents : usdCentsToPkrMinor(usdCents, rate.stored);
    const totalChanged = (minor: number) => new AnswerError(409, {
      detail: `The order total is now ${body.currency} ${centsToDecimal(minor)}. Please review it and pay again.`,
      code: declaredCode(PLACING, 'AMOUNT_MISMATCH'),
      params: { amount: centsToNumber(minor), currency: body.currency },
      amount: centsToNumber(minor),
      currency: body.currency,
    });
    // A deposit is paid now and the balance before shipping, except on terms, where the invoice holds the whole.
    const payNowCents = priced.depositCents !== undefined && !paysLater(body.paymentMethod) ? priced.depositCents : totals.grandTotalCents;
    const amountMinor = inCurrency(payNowCents);
    if (dollarsToCents(body.amount) !== amountMinor) throw totalChanged(amountMinor);
    const lines = [...priced.lines].sort((a, b) => a.variantId - b.variantId);
    // Lines priced with their sets' contents say null for what is no set: only a set needs its components read again.
    const sets = lines.every((line) => line.setContents === null) ? [] : await setsToPlace(tx, lines);
    lines.forEach((line, i) => {
      const blocked = sets[i]?.blocked;
      if (blocked) throw setUnavailable(lineName(line.name, line.variantLabel), blocked);
    });
    for (const line of lines) if (line.quantity > line.available) throw insufficientStock(lineName(line.name, line.variantLabel), line.available);
    if (purchase && source.hold) {
      const held = await purchase.hold(tx, { key, body, lines, totals, now });
      if (held) {
        await source.hold(tx, lines);
        return { held };
      }
    }
    // Another order took the last sale units during this checkout: nothing is kept, and the buyer sees the new total.
    if (!(await claimSaleUnitsOf(tx, lines))) throw totalChanged(inCurrency((await source.price(tx, now)).totals.grandTotalCents));

    const shipped = priced.shipping ? orderShipping(priced.shipping) : await keptOrderShipping(tx, body.orderDetails);
    // Store credit pays what it covers; the method pays the rest, and its fees are on the rest alone.
    const { creditCents, restCents } = creditSplit(payNowCents, balanceCents);
    const method: PaymentMethod = restCents === 0 ? 'store_credit' : body.paymentMethod;
    const restMinor = inCurrency(restCents);
    // Cash on delivery: the chosen shipping method must take it for the cash due; its courier's fee is the order's fee.
    const cod = method === 'cash_on_delivery' ? await approveCashOnDelivery(tx, shipped.methodId, restCents, rate.stored) : null;
    const feeMinor = cod ? (body.currency === 'USD' ? cod.feeCents : usdCentsToPkrMinor(cod.feeCents, rate.stored))
      : processingFee(method, restMinor);
    const feeCents = cod ? cod.feeCents : processingFee(method, restCents);
    // Pay by invoice: the organisation's terms and credit are checked with its row locked until this commits.
    const invoice = method === 'invoice' ? await approveInvoice(tx, userId, restCents + feeCents, now) : null;
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
      storeCreditCents: creditCents,
      totalCents: totals.grandTotalCents + feeCents,
      totalChargedMinor: restMinor + feeMinor,
      balanceDueMinor: inCurrency(totals.grandTotalCents) - amountMinor,
      email: address.email,
      firstName: address.firstName,
      lastName: address.lastName,
      company: address.company,
      address: address.address,
      city: address.city,
      postalCode: address.postalCode,
      country: shipped.country,
      shippingMethodId: shipped.methodId,
      shippingMethodName: shipped.methodName,
      phone: address.phone,
      estimatedDelivery: addBusinessDays(now),
      reservationExpiresAt: new Date(now.getTime() + RESERVATION_MS),
    }).returning({ id: orders.id });
    await tx.insert(orderItems).values(lines.map((line, i) => ({
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
      contractNumber: line.contractNumber ?? '',
      setComponents: sets[i]?.snapshot ?? [],
    })));
    await tx.insert(orderEvents).values({ orderId: order.id, status: 'pending', ...shopEvent('placed') });
    const transactionId = newTransactionId();
    await tx.insert(payments).values({
      transactionId, orderId: order.id, userId, method, amountMinor: restMinor, currency: body.currency, feeMinor,
      covers: payNowCents === totals.grandTotalCents ? 'order' : 'deposit',
      ...(method === 'store_credit' ? {} : instrument),
    });
    // Under the lock taken first, the balance read then is still there to spend.
    if (creditCents > 0 && !(await spendOnOrder(tx, payer!, order.id, creditCents))) throw new Error('Locked store credit could not be spent');
    await source.placed(tx, order.id);
    if (invoice) await openInvoice(tx, order.id, invoice);
    if (purchase) await purchase.record(tx, order.id);

    // A set reserves its components, summed with the other lines', never its own stock row.
    const units = stockUnits(lines.map((line, i) => ({ ...line, components: sets[i]?.contents })));
    for (const unit of units) {
      try {
        await reserveForOrder(tx, order.id, { variantId: unit.variantId, quantity: unit.quantity, reason: `Order ${orderNumber}`, userId });
      } catch (error) {
        if (!(error instanceof HttpError && error.code === 'INSUFFICIENT_STOCK')) throw error;
        const free = (await stockLevel(tx, unit.variantId)).availableStock;
        // The set that needs the component is named, with how many of it can still be made.
        const i = sets.findIndex((set) => set?.contents.some((part) => part.variant_id === unit.variantId));
        const line = lines[i] ?? lines.find((l) => l.variantId === unit.variantId)!;
        const perSet = sets[i]?.contents.find((part) => part.variant_id === unit.variantId)?.quantity ?? 1;
        throw insufficientStock(lineName(line.name, line.variantLabel), Math.floor(free / perSet));
      }
    }
    return { orderId: order.id, orderNumber, transactionId, lines, method, amountMinor: restMinor, feeMinor, email: address.email };
  });
}
